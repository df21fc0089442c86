import "server-only";

import { count, desc, eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licenses, profiles } from "@/db/schema";

export type LicenceUser = {
  id: string;
  name: string;
  email: string;
  jobRole: string | null;
  lastSignedIn: Date | null;
  admin: boolean;
};

export type LicenceDetails = {
  licenseId: string;
  organisation: string | null;
  seats: number;
  users: LicenceUser[];
};

/** A licence and its users, admins first (SPEC §2.13). Scoped by the caller to their own licence. */
export async function getLicenceDetails(licenseId: string): Promise<LicenceDetails | null> {
  const [licence] = await getDb()
    .select({
      licenseId: licenses.licenseId,
      organisation: licenses.organisation,
      seats: licenses.numberOfLicenses,
    })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId));
  if (!licence) return null;
  const rows = await getDb()
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      jobRole: profiles.jobRole,
      lastSignedIn: profiles.lastSignedIn,
      admin: profiles.admin,
    })
    .from(profiles)
    .where(eq(profiles.licenseId, licenseId))
    .orderBy(
      desc(profiles.admin),
      sql`lower(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`,
      profiles.email,
    );
  return {
    ...licence,
    users: rows.map(({ firstName, lastName, ...rest }) => ({
      ...rest,
      name: [firstName, lastName].filter(Boolean).join(" ") || rest.email,
    })),
  };
}

/** How many users a licence has against its seats: above the seats, the over-limit modal shows. */
export async function getSeatUsage(licenseId: string): Promise<{ seats: number; users: number } | null> {
  const [licence] = await getDb()
    .select({ seats: licenses.numberOfLicenses })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId));
  if (!licence) return null;
  const [{ users }] = (await getDb()
    .select({ users: count() })
    .from(profiles)
    .where(eq(profiles.licenseId, licenseId))) as [{ users: number }];
  return { seats: licence.seats, users };
}

export type FoundUser =
  { found: false } | { found: true; name: string; email: string; onActivePlan: boolean };

/** The Add User search: a user by exact e-mail, and whether they are already on a plan. */
export async function findUserByEmail(email: string): Promise<FoundUser> {
  const [row] = await getDb()
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      admin: profiles.admin,
      delegate: profiles.delegate,
    })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()));
  if (!row) return { found: false };
  return {
    found: true,
    name: [row.firstName, row.lastName].filter(Boolean).join(" ") || row.email,
    email: row.email,
    onActivePlan: row.admin || row.delegate,
  };
}
