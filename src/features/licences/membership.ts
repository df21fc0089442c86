import "server-only";

import { and, count, eq, isNull } from "drizzle-orm";

import { getDb, type Database, type Transaction } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import { grantsAccess } from "@/lib/subscription-status";
import { AppError } from "@/lib/errors";

/** How long an invitation or a request to join a licence stays open. */
export const joinOfferValidDays = 7;

/** The database's own seat guard (migration 0005) raises this when a licence is full. */
function isSeatGuardError(error: unknown): boolean {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as
    { code?: string; hint?: string } | undefined;
  return cause?.code === "P0001" && cause?.hint === "seat_limit_reached";
}

type Room = { organisation: string | null; refusal: "inactive" | "full" | null };

/**
 * Whether the licence can take one more member now: its subscription must give access (ADR 035) and
 * a seat must be free. With `lock`, the licence row stays locked until the caller's transaction ends,
 * so the answer still holds when the caller puts the member on (R18).
 */
async function roomOn(db: Database | Transaction, licenceId: string, lock: boolean): Promise<Room> {
  const query = db
    .select({
      seats: licences.seats,
      status: licences.status,
      organisation: licences.organisation,
    })
    .from(licences)
    .where(eq(licences.licenceId, licenceId));
  const [licence] = await (lock ? query.for("update") : query);
  if (!licence) throw new AppError("not_found", "That licence does not exist.");
  if (!grantsAccess(licence.status)) return { organisation: licence.organisation, refusal: "inactive" };
  const [{ used }] = (await db
    .select({ used: count() })
    .from(profiles)
    .where(eq(profiles.licenceId, licenceId))) as [{ used: number }];
  return { organisation: licence.organisation, refusal: used >= licence.seats ? "full" : null };
}

/** For an admin about to invite or ask someone: refuses when no one could join their licence now. */
export async function assertRoomForAnotherMember(licenceId: string): Promise<void> {
  const { refusal } = await roomOn(getDb(), licenceId, false);
  if (refusal === "inactive")
    throw new AppError(
      "subscription_required",
      "Your licence is not active, so no one can join it until its subscription is renewed.",
    );
  if (refusal === "full")
    throw new AppError("seat_limit_reached", "Your licence has no free seats for another user.");
}

/**
 * Puts a user on a licence, taking a seat (product §4 "user membership"; docs/security.md R18). One
 * transaction locks the licence row, counts its users and updates the profile, so concurrent joins
 * queue and exactly the free seats are filled; the database trigger refuses anything that slips by.
 * Only a licence whose subscription gives access takes members (ADR 035), and only a user on no plan
 * can join ("User On Active Plan" otherwise). Every way onto a licence comes through here.
 */
export async function addMemberToLicence(
  licenceId: string,
  userId: string,
  within?: Transaction,
): Promise<void> {
  const add = async (tx: Transaction) => {
    const { organisation, refusal } = await roomOn(tx, licenceId, true);
    const theLicence = `The licence of ${organisation ?? "this organisation"}`;
    if (refusal === "inactive")
      throw new AppError(
        "subscription_required",
        `${theLicence} is not active, so no one can join it until its subscription is renewed.`,
      );
    if (refusal === "full")
      throw new AppError(
        "seat_limit_reached",
        `${theLicence} has no free seats. Ask its admin to free one, then try again.`,
      );
    const added = await tx
      .update(profiles)
      .set({ licenceId, delegate: true, isSubscribed: true, updatedAt: new Date() })
      .where(
        and(
          eq(profiles.id, userId),
          isNull(profiles.licenceId),
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
      throw new AppError("seat_limit_reached", "The licence has no free seats. Ask its admin to free one.", {
        cause: error,
      });
    throw error;
  }
}

/**
 * Takes a delegate off a licence: not subscribed, not a delegate, no licence. Their very next request
 * is refused, because every request re-reads the profile (R12). Admins cannot be removed.
 */
export async function removeMemberFromLicence(licenceId: string, userId: string): Promise<void> {
  const removed = await getDb()
    .update(profiles)
    .set({ licenceId: null, delegate: false, isSubscribed: false, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), eq(profiles.licenceId, licenceId), eq(profiles.admin, false)))
    .returning({ id: profiles.id });
  if (removed.length === 0) throw new AppError("not_found", "That user is not on your licence.");
}

/**
 * Sets a licence's seat count by hand (the owner console). The licence row is locked while its
 * users are counted, as joining does, so no one can join between the count and the change: the new
 * count is never below the seats in use. Returns the counts before the change, for the audit log.
 */
export async function setLicenceSeats(
  tx: Transaction,
  licenceId: string,
  seats: number,
): Promise<{ seats: number; used: number }> {
  const [licence] = await tx
    .select({ seats: licences.seats })
    .from(licences)
    .where(eq(licences.licenceId, licenceId))
    .for("update");
  if (!licence) throw new AppError("not_found", "That licence does not exist.");
  const [{ used }] = (await tx
    .select({ used: count() })
    .from(profiles)
    .where(eq(profiles.licenceId, licenceId))) as [{ used: number }];
  if (seats < used)
    throw new AppError(
      "conflict",
      `This licence has ${used} users, so it needs at least ${used} seats. Remove users first.`,
      { fieldErrors: { seats: [`At least ${used} seats: that many are in use.`] } },
    );
  if (seats === licence.seats) throw new AppError("conflict", `The licence already has ${seats} seats.`);
  await tx.update(licences).set({ seats, updatedAt: new Date() }).where(eq(licences.licenceId, licenceId));
  return { seats: licence.seats, used };
}
