import "server-only";

import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb } from "@/db/client";
import { licenceRequests, licences, profiles } from "@/db/schema";
import { profileIdentity } from "@/lib/session";

export type LicenceUser = {
  id: string;
  name: string;
  email: string;
  jobRole: string | null;
  lastSignedIn: Date | null;
  admin: boolean;
};

/** A request to join that the user has not answered yet (ADR 036); it holds no seat. */
export type PendingRequest = {
  id: string;
  email: string;
  name: string | null;
  requestedAt: Date;
  expiresAt: Date;
};

export type LicenceDetails = {
  licenceId: string;
  organisation: string | null;
  seats: number;
  users: LicenceUser[];
  requests: PendingRequest[];
};

/** The name a user gave us for others to see, or null if they gave none. */
function sharedName(firstName: string | null, lastName: string | null): string | null {
  return [firstName, lastName].filter(Boolean).join(" ") || null;
}

const isOpen = and(eq(licenceRequests.status, "pending"), gt(licenceRequests.expiresAt, sql`now()`));

/** A licence and its users, admins first (product §2.13). Scoped by the caller to their own licence. */
export async function getLicenceDetails(licenceId: string): Promise<LicenceDetails | null> {
  const [licence] = await getDb()
    .select({
      licenceId: licences.licenceId,
      organisation: licences.organisation,
      seats: licences.seats,
    })
    .from(licences)
    .where(eq(licences.licenceId, licenceId));
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
    .where(eq(profiles.licenceId, licenceId))
    .orderBy(
      desc(profiles.admin),
      sql`lower(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`,
      profiles.email,
    );
  const requests = await getDb()
    .select({
      id: licenceRequests.id,
      email: profiles.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      requestedAt: licenceRequests.createdAt,
      expiresAt: licenceRequests.expiresAt,
    })
    .from(licenceRequests)
    .innerJoin(profiles, eq(profiles.id, licenceRequests.userId))
    .where(and(eq(licenceRequests.licenceId, licenceId), isOpen))
    .orderBy(desc(licenceRequests.createdAt));
  return {
    ...licence,
    users: rows.map(({ firstName, lastName, ...rest }) => ({
      ...rest,
      name: sharedName(firstName, lastName) ?? rest.email,
    })),
    requests: requests.map(({ firstName, lastName, ...rest }) => ({
      ...rest,
      name: sharedName(firstName, lastName),
    })),
  };
}

/** A registered user found by exact e-mail (any letter case): for server code only, never sent out. */
export async function findProfileByEmail(email: string) {
  const [row] = await getDb()
    .select(profileIdentity)
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()));
  return row ?? null;
}

/**
 * What the Add User search tells an admin (ADR 036): whether the address has an account, the name its
 * user chose to share, and whether they are already on the admin's own licence. Nothing else about
 * anyone outside that licence: not their stored e-mail, occupation, sign-ins or plan.
 */
export type FoundUser = { found: false } | { found: true; name: string | null; onYourLicence: boolean };

export async function searchUserForLicence(email: string, licenceId: string): Promise<FoundUser> {
  const row = await findProfileByEmail(email);
  if (!row) return { found: false };
  return {
    found: true,
    name: sharedName(row.firstName, row.lastName),
    onYourLicence: row.licenceId === licenceId,
  };
}

/** A request to join a licence, as the user it was made to sees it. */
export type RequestToJoin = {
  id: string;
  organisation: string;
  requestedBy: string | null;
  expiresAt: Date;
};

const requester = alias(profiles, "requester");

/** The requests to join a licence that this user can still answer, oldest first. */
export async function getRequestsToJoin(userId: string): Promise<RequestToJoin[]> {
  const rows = await getDb()
    .select({
      id: licenceRequests.id,
      organisation: licences.organisation,
      firstName: requester.firstName,
      lastName: requester.lastName,
      expiresAt: licenceRequests.expiresAt,
    })
    .from(licenceRequests)
    .innerJoin(licences, eq(licences.licenceId, licenceRequests.licenceId))
    .leftJoin(requester, eq(requester.id, licenceRequests.requestedBy))
    .where(and(eq(licenceRequests.userId, userId), isOpen))
    .orderBy(asc(licenceRequests.createdAt));
  return rows.map(({ firstName, lastName, organisation, ...rest }) => ({
    ...rest,
    organisation: organisation ?? "An organisation",
    requestedBy: sharedName(firstName, lastName),
  }));
}
