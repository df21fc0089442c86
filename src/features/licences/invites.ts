import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";

import { getDb, type Database, type Transaction } from "@/db/client";
import { licenceInvites, licences } from "@/db/schema";
import { AppError } from "@/lib/errors";

import { addMemberToLicence, joinOfferValidDays } from "./membership";

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A single-use invitation link's token; only its hash is stored, so a database leak reveals no links. */
export async function createInvite(
  input: { licenceId: string; email: string; invitedBy: string },
  db: Database | Transaction = getDb(),
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + joinOfferValidDays * 24 * 60 * 60 * 1000);
  await db.insert(licenceInvites).values({
    licenceId: input.licenceId,
    email: input.email.toLowerCase(),
    tokenHash: hashOf(token),
    invitedBy: input.invitedBy,
    expiresAt,
  });
  return { token, expiresAt };
}

export type InviteView =
  { state: "valid"; email: string; organisation: string | null } | { state: "expired" | "used" | "unknown" };

/** What the invite link shows before anyone signs up. */
export async function describeInvite(token: string): Promise<InviteView> {
  const [invite] = await getDb()
    .select({
      email: licenceInvites.email,
      expiresAt: licenceInvites.expiresAt,
      acceptedAt: licenceInvites.acceptedAt,
      organisation: licences.organisation,
    })
    .from(licenceInvites)
    .innerJoin(licences, eq(licences.licenceId, licenceInvites.licenceId))
    .where(eq(licenceInvites.tokenHash, hashOf(token)));
  if (!invite) return { state: "unknown" };
  if (invite.acceptedAt) return { state: "used" };
  if (invite.expiresAt.getTime() < Date.now()) return { state: "expired" };
  return { state: "valid", email: invite.email, organisation: invite.organisation };
}

/**
 * Joins the signed-in invitee to the licence, if a seat is free right now. One transaction locks the
 * invite (single use, also when accepted twice at once) and takes the seat.
 */
export async function acceptInvite(
  token: string,
  user: { id: string; email: string },
): Promise<{ licenceId: string }> {
  return getDb().transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(licenceInvites)
      .where(and(eq(licenceInvites.tokenHash, hashOf(token)), isNull(licenceInvites.acceptedAt)))
      .for("update");
    if (!invite || invite.expiresAt.getTime() < Date.now()) {
      throw new AppError(
        "not_found",
        "This invitation is invalid, used or expired. Ask your admin for a new one.",
      );
    }
    if (invite.email !== user.email.toLowerCase()) {
      throw new AppError("forbidden", "This invitation was sent to a different e-mail address.");
    }
    await addMemberToLicence(invite.licenceId, user.id, tx);
    await tx
      .update(licenceInvites)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(eq(licenceInvites.id, invite.id));
    return { licenceId: invite.licenceId };
  });
}
