import "server-only";

import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";

import { choosePlanPath, signInPath } from "@/features/access/route-classes";
import { getProfileSummary, type ProfileSummary } from "@/features/accounts/queries";

import { getAuth } from "./auth";
import { getEnv, listOf } from "./env";
import { AppError } from "./errors";
import { getLogger } from "./logger";
import { safeRedirectPath } from "./security/safe-redirect";

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
  country: ProfileSummary["country"];
  admin: boolean;
  delegate: boolean;
  subscribed: boolean;
  licenseId: string | null;
  isOwner: boolean;
  /** The global search's parts switched off, read with the profile (ADR 098). */
  searchPartsOff: string[];
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
    country: profile?.country ?? 1,
    admin: profile?.admin ?? false,
    delegate: profile?.delegate ?? false,
    subscribed: profile?.isSubscribed ?? false,
    licenseId: profile?.licenseId ?? null,
    isOwner: isOwnerId(found.user.id),
    searchPartsOff: profile?.searchPartsOff ?? [],
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
