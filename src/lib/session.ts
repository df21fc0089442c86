import "server-only";

import { eq, sql } from "drizzle-orm";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";

import { getDb } from "@/db/client";
import { licences, onboardingTours, profiles, session as authSession, user as authUser } from "@/db/schema";

import { getAuth, sessionEnded, sessionStartCutoff } from "./auth";
import { getEnv, listOf } from "./env";
import { AppError } from "./errors";
import { getLogger } from "./logger";
import { choosePlanPath, signInPath } from "./paths";
import { safeRedirectPath } from "./security/safe-redirect";
import { signedSessionToken } from "./security/signed-session-cookie";
import { profileHasAccess } from "./subscription-status";
import type { Edition } from "./tariff-vocabulary";

/** What the app needs to know about the signed-in user's account; never billing secrets. */
export type ProfileSummary = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  jobRole: string | null;
  admin: boolean;
  delegate: boolean;
  isSubscribed: boolean;
  licenceId: string | null;
  edition: Edition;
  lastSignedIn: Date | null;
  /** The global search's parts the user switched off (ADR 098). */
  searchPartsOff: string[];
  /** Their licence's seats and how many users hold one; null without a licence. */
  seatUsage: SeatUsage | null;
  /** The onboarding tours they finished or skipped, by name (ADR 070). */
  seenTours: string[];
  /** Their licence's free trial while it runs; null otherwise (ADR 190). */
  trial: LicenceTrial | null;
};

export type SeatUsage = { seats: number; users: number };

/** A licence's running free trial, as the app's notice tells its users. */
export type LicenceTrial = {
  endsAt: Date;
  cancelAtPeriodEnd: boolean;
  planId: string | null;
  interval: string | null;
};

/** Who a profile is: the columns every read of someone's account starts from. */
export const profileIdentity = {
  id: profiles.id,
  email: profiles.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  licenceId: profiles.licenceId,
};

/**
 * The columns of the signed-in user's profile. `isSubscribed` also follows their licence: a member
 * of a licence whose subscription gives no access is not subscribed, whatever their profile row says
 * (ADR 035). What every signed-in page's frame shows of the account (the seats in use, the tours
 * seen) comes in the same query: each round trip to the database costs every request (ADR 151).
 * Read from `profiles` left-joined to `licences`, alone or with the session (ADR 231).
 */
const profileSummaryColumns = {
  ...profileIdentity,
  jobRole: profiles.jobRole,
  admin: profiles.admin,
  delegate: profiles.delegate,
  isSubscribed: profiles.isSubscribed,
  edition: profiles.edition,
  lastSignedIn: profiles.lastSignedIn,
  searchPartsOff: profiles.searchPartsOff,
  licenceStatus: licences.status,
  seats: licences.seats,
  trialEnd: licences.trialEnd,
  cancelAtPeriodEnd: licences.cancelAtPeriodEnd,
  planId: licences.planId,
  interval: licences.billingInterval,
  licenceUsers: sql<number>`(select count(*) from ${profiles} as holders where holders.license_id = ${profiles.licenceId})::int`,
  seenTours: sql<
    string[]
  >`array(select ${onboardingTours.tour} from ${onboardingTours} where ${onboardingTours.userId} = ${profiles.id})`,
};

function selectProfileSummaries() {
  return getDb()
    .select(profileSummaryColumns)
    .from(profiles)
    .leftJoin(licences, eq(licences.licenceId, profiles.licenceId));
}

type ProfileSummaryRow = Awaited<ReturnType<typeof selectProfileSummaries>>[number];

function toProfileSummary(row: ProfileSummaryRow): ProfileSummary {
  const { licenceStatus, seats, licenceUsers, trialEnd, cancelAtPeriodEnd, planId, interval, ...profile } =
    row;
  return {
    ...profile,
    seatUsage: seats === null ? null : { seats, users: licenceUsers },
    trial:
      licenceStatus === "trialing" && trialEnd
        ? { endsAt: trialEnd, cancelAtPeriodEnd: cancelAtPeriodEnd ?? false, planId, interval }
        : null,
    isSubscribed: profileHasAccess(profile.isSubscribed, licenceStatus),
    edition: profile.edition === 2 ? 2 : 1,
  };
}

/** The signed-in user's profile (see `profileSummaryColumns`), or null without one. */
export async function getProfileSummary(userId: string): Promise<ProfileSummary | null> {
  const [row] = await selectProfileSummaries().where(eq(profiles.id, userId));
  return row ? toProfileSummary(row) : null;
}

/**
 * The signed-in user, read from the session cookie and our profile row on every request
 * (ADR 001): removing a user from a licence takes effect on their very next request (R12).
 */
export type CurrentUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  jobRole: string;
  edition: ProfileSummary["edition"];
  admin: boolean;
  delegate: boolean;
  subscribed: boolean;
  licenceId: string | null;
  isOwner: boolean;
  /** The global search's parts switched off, read with the profile (ADR 098). */
  searchPartsOff: string[];
  /** Read with the profile: see ProfileSummary. */
  seatUsage: SeatUsage | null;
  seenTours: string[];
  /** Read with the profile: see ProfileSummary. */
  trial: LicenceTrial | null;
};

/** The path the proxy saw, so a page can send the user back after signing in. */
export const requestPathHeader = "x-tariffscope-path";

export function isOwnerId(userId: string): boolean {
  return listOf(getEnv().OWNER_USER_IDS).includes(userId);
}

/** Whom a request's session names: the user Better Auth knows, and their profile. */
type SignedIn = { userId: string; email: string; profile: ProfileSummary | null };

export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  // Reading the request first also keeps `next build` from prerendering (and opening the database).
  const signedIn = await readSignedIn(await headers());
  if (!signedIn) return null;
  const { userId, email, profile } = signedIn;
  return {
    id: userId,
    email,
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    jobRole: profile?.jobRole ?? "",
    edition: profile?.edition ?? 1,
    admin: profile?.admin ?? false,
    delegate: profile?.delegate ?? false,
    subscribed: profile?.isSubscribed ?? false,
    licenceId: profile?.licenceId ?? null,
    isOwner: isOwnerId(userId),
    searchPartsOff: profile?.searchPartsOff ?? [],
    seatUsage: profile?.seatUsage ?? null,
    seenTours: profile?.seenTours ?? [],
    trial: profile?.trial ?? null,
  };
});

/**
 * The request's session: read at once with the profile when it is an ordinary one (`readSession`),
 * otherwise asked of Better Auth, which ends or renews it.
 */
async function readSignedIn(requestHeaders: Headers): Promise<SignedIn | null> {
  const read = await readSession(requestHeaders).catch((error: unknown) => {
    getLogger().error({ err: error }, "session read failed; asking Better Auth");
    return "ask" as const;
  });
  if (read !== "ask") return read;
  // Better Auth refuses a session past its absolute limit here too (R11, lib/auth.ts).
  const found = await getAuth().api.getSession({ headers: requestHeaders });
  if (!found) return null;
  let profile: ProfileSummary | null = null;
  try {
    profile = await getProfileSummary(found.user.id);
  } catch (error) {
    // product §4: a failed profile read counts as not subscribed and not a delegate.
    getLogger().error({ err: error, userId: found.user.id }, "profile read failed");
  }
  return { userId: found.user.id, email: found.user.email, profile };
}

/**
 * ADR 231: the session, its user and their profile in one query, where Better Auth's `getSession`
 * takes four round trips (the ended-session check of lib/auth.ts, the session, the user, then our
 * profile). It answers only what Better Auth would answer the same without writing anything:
 * nobody (null) for no session cookie or a signature not ours; the user for a session neither past
 * an end (its expiry, the absolute limit, a suspension: R11, ADR 075) nor due its daily renewal.
 * Anything else is left to Better Auth ("ask"): such a session, a token of no session, a user
 * without a profile.
 */
async function readSession(requestHeaders: Headers): Promise<SignedIn | null | "ask"> {
  const { authCookies, secret, sessionConfig } = await getAuth().$context;
  const token = signedSessionToken(requestHeaders.get("cookie"), authCookies.sessionToken.name, secret);
  if (!token) return null;
  const [row] = await getDb()
    .select({
      ...profileSummaryColumns,
      sessionUserId: authSession.userId,
      sessionEmail: authUser.email,
      expiresAt: authSession.expiresAt,
      ended: sql<boolean>`${sessionEnded(sessionStartCutoff())}`,
    })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .innerJoin(profiles, eq(profiles.id, authSession.userId))
    .leftJoin(licences, eq(licences.licenceId, profiles.licenceId))
    .where(eq(authSession.token, token));
  if (!row) return "ask";
  const { sessionUserId, sessionEmail, expiresAt, ended, ...profile } = row;
  const now = Date.now();
  // Better Auth's rules: expired at `expiresAt`; renewed once `updateAge` has passed since it last set it.
  const expired = expiresAt.getTime() <= now;
  const renewalDue = expiresAt.getTime() - (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000 <= now;
  if (ended || expired || renewalDue) return "ask";
  return { userId: sessionUserId, email: sessionEmail, profile: toProfileSummary(profile) };
}

async function currentPath(fallback: string): Promise<string> {
  return safeRedirectPath((await headers()).get(requestPathHeader), fallback);
}

/** A signed-in user, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireUser(returnTo?: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) {
    const back = returnTo ?? (await currentPath("/"));
    redirect(`${signInPath}?redirect=${encodeURIComponent(back)}`);
  }
  return user;
}

/** A user with an active subscription; others are sent to choose a plan (product §4). */
export async function requireSubscriber(returnTo?: string): Promise<CurrentUser> {
  const user = await requireUser(returnTo);
  if (!user.subscribed) redirect(choosePlanPath);
  return user;
}

/** A subscribed licence admin. Pages render their own "no permission" message from `user.admin`. */
export async function requireAdmin(returnTo?: string): Promise<CurrentUser> {
  const user = await requireSubscriber(returnTo);
  if (!user.admin) throw new AppError("forbidden");
  return user;
}

/** The owner accounts (OWNER_USER_IDS). Everyone else gets a 404, so the routes are not revealed. */
export async function requireOwner(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user?.isOwner) notFound();
  return user;
}

/**
 * An owner page's metadata, for its owners only: anyone else's 404 carries nothing of the page, its
 * title included (a static `metadata` is sent even when the page calls `notFound()`).
 */
export function ownerPageMetadata(title: string): () => Promise<Metadata> {
  return async () => {
    await requireOwner();
    return { title, robots: { index: false } };
  };
}
