import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { profiles } from "@/db/schema";

export type Country = 1 | 2;

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
  country: Country;
  lastSignedIn: Date | null;
};

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
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ? { ...row, country: row.country === 2 ? 2 : 1 } : null;
}
