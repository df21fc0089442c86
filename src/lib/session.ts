import "server-only";

import { eq, sql } from "drizzle-orm";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";

import { getDb } from "@/db/client";
import { licences, onboardingTours, profiles } from "@/db/schema";

import { getAuth } from "./auth";
import { getEnv, listOf } from "./env";
import { AppError } from "./errors";
import { getLogger } from "./logger";
import { choosePlanPath, signInPath } from "./paths";
import { safeRedirectPath } from "./security/safe-redirect";
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
 * The signed-in user's profile, read on every request. `isSubscribed` also follows their licence: a
 * member of a licence whose subscription gives no access is not subscribed, whatever their profile
 * row says (ADR 035). What every signed-in page's frame shows of the account (the seats in use, the
 * tours seen) comes in the same query: each round trip to the database costs every request (ADR 151).
 */
export async function getProfileSummary(userId: string): Promise<ProfileSummary | null> {
  const [row] = await getDb()
    .select({
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
    })
    .from(profiles)
    .leftJoin(licences, eq(licences.licenceId, profiles.licenceId))
    .where(eq(profiles.id, userId));
  if (!row) return null;
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

export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  // Reading the request first also keeps `next build` from prerendering (and opening the database).
  const requestHeaders = await headers();
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
  return {
    id: found.user.id,
    email: found.user.email,
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    jobRole: profile?.jobRole ?? "",
    edition: profile?.edition ?? 1,
    admin: profile?.admin ?? false,
    delegate: profile?.delegate ?? false,
    subscribed: profile?.isSubscribed ?? false,
    licenceId: profile?.licenceId ?? null,
    isOwner: isOwnerId(found.user.id),
    searchPartsOff: profile?.searchPartsOff ?? [],
    seatUsage: profile?.seatUsage ?? null,
    seenTours: profile?.seenTours ?? [],
    trial: profile?.trial ?? null,
  };
});

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
