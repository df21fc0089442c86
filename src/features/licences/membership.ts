import "server-only";

import { and, count, eq, isNull } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { licenses, profiles } from "@/db/schema";
import { grantsAccess } from "@/features/billing/sync";
import { AppError } from "@/lib/errors";

/** The database's own seat guard (migration 0005) raises this when a licence is full. */
function isSeatGuardError(error: unknown): boolean {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as
    { code?: string; hint?: string } | undefined;
  return cause?.code === "P0001" && cause?.hint === "seat_limit_reached";
}

/**
 * Puts a user on a licence, taking a seat (SPEC §4 "user membership"; SECURITY.md R18). One
 * transaction locks the licence row, counts its users and updates the profile, so concurrent adds
 * queue and exactly the free seats are filled; the database trigger refuses anything that slips by.
 * Only a licence whose subscription gives access takes members (ADR 035), and only a user on no plan
 * can join ("User On Active Plan" otherwise). Every way onto a licence comes through here.
 */
export async function addMemberToLicence(
  licenseId: string,
  userId: string,
  within?: Transaction,
): Promise<void> {
  const add = async (tx: Transaction) => {
    const [licence] = await tx
      .select({
        seats: licenses.numberOfLicenses,
        status: licenses.status,
        organisation: licenses.organisation,
      })
      .from(licenses)
      .where(eq(licenses.licenseId, licenseId))
      .for("update");
    if (!licence) throw new AppError("not_found", "That licence does not exist.");
    if (!grantsAccess(licence.status))
      throw new AppError(
        "subscription_required",
        `The licence of ${licence.organisation ?? "this organisation"} is not active, so no one can join it until its subscription is renewed.`,
      );
    const [{ used }] = (await tx
      .select({ used: count() })
      .from(profiles)
      .where(eq(profiles.licenseId, licenseId))) as [{ used: number }];
    if (used >= licence.seats) throw new AppError("seat_limit_reached", "Your licence has no free seats.");
    const added = await tx
      .update(profiles)
      .set({ licenseId, delegate: true, isSubscribed: true, updatedAt: new Date() })
      .where(
        and(
          eq(profiles.id, userId),
          isNull(profiles.licenseId),
          eq(profiles.admin, false),
          eq(profiles.delegate, false),
        ),
      )
      .returning({ id: profiles.id });
    if (added.length === 0) throw new AppError("conflict", "User On Active Plan");
  };
  try {
    await (within ? add(within) : getDb().transaction(add));
  } catch (error) {
    if (isSeatGuardError(error))
      throw new AppError("seat_limit_reached", "Your licence has no free seats.", { cause: error });
    throw error;
  }
}

/**
 * Takes a delegate off a licence: not subscribed, not a delegate, no licence. Their very next request
 * is refused, because every request re-reads the profile (R12). Admins cannot be removed.
 */
export async function removeMemberFromLicence(licenseId: string, userId: string): Promise<void> {
  const removed = await getDb()
    .update(profiles)
    .set({ licenseId: null, delegate: false, isSubscribed: false, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), eq(profiles.licenseId, licenseId), eq(profiles.admin, false)))
    .returning({ id: profiles.id });
  if (removed.length === 0) throw new AppError("not_found", "That user is not on your licence.");
}
