import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licenses, profiles } from "@/db/schema";
import { grantsAccess } from "@/features/billing/sync";
import type { Edition } from "@/lib/tariff-vocabulary";

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
  licenseId: string | null;
  country: Edition;
  lastSignedIn: Date | null;
  /** The global search's parts the user switched off (ADR 098). */
  searchPartsOff: string[];
};

/**
 * The signed-in user's profile, read on every request. `isSubscribed` also follows their licence: a
 * member of a licence whose subscription gives no access is not subscribed, whatever their profile
 * row says (ADR 035).
 */
export async function getProfileSummary(userId: string): Promise<ProfileSummary | null> {
  const [row] = await getDb()
    .select({
      id: profiles.id,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      jobRole: profiles.jobRole,
      admin: profiles.admin,
      delegate: profiles.delegate,
      isSubscribed: profiles.isSubscribed,
      licenseId: profiles.licenseId,
      country: profiles.country,
      lastSignedIn: profiles.lastSignedIn,
      searchPartsOff: profiles.searchPartsOff,
      licenceStatus: licenses.status,
    })
    .from(profiles)
    .leftJoin(licenses, eq(licenses.licenseId, profiles.licenseId))
    .where(eq(profiles.id, userId));
  if (!row) return null;
  const { licenceStatus, ...profile } = row;
  return {
    ...profile,
    isSubscribed: profile.isSubscribed && (licenceStatus === null || grantsAccess(licenceStatus)),
    country: profile.country === 2 ? 2 : 1,
  };
}
