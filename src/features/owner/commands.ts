import "server-only";

import { and, eq, gt, isNull } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { licenceInvites, licences, ownerAuditLog, profiles, session, userSuspensions } from "@/db/schema";
import { setApiKeyLimits } from "@/features/api/keys";
import { createInvite } from "@/features/licences/invites";
import { joinOfferValidDays, setLicenceSeats } from "@/features/licences/membership";
import { defineAction as define } from "@/lib/define-action";
import { inviteEmail, sendEmail, unsubscribeUrlFor } from "@/lib/email";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import type { CurrentUser } from "@/lib/session";
import { site } from "@/lib/site";

import { changeKeyLimitsSchema, changeSeatsSchema, resendInviteSchema, userReasonSchema } from "./schemas";

/**
 * The owner console's actions as plain definitions (`actions.ts` makes them server actions). Each
 * one is `access: "owner"`, so anyone else gets a 404 before the handler runs; the acting owner is
 * always the session's user, never an id from the browser. Each change and its audit row are one
 * transaction (ADR 075): there is no change without its record.
 */

export type OwnerAction =
  "licence.seats_changed" | "api_key.limits_changed" | "invite.resent" | "user.suspended" | "user.restored";

async function audit(
  tx: Transaction,
  owner: CurrentUser,
  entry: {
    action: OwnerAction;
    licenceId: string | null;
    userId?: string | null;
    reason: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
) {
  await tx.insert(ownerAuditLog).values({
    actorId: owner.id,
    actorEmail: owner.email,
    action: entry.action,
    licenceId: entry.licenceId,
    userId: entry.userId ?? null,
    reason: entry.reason,
    before: entry.before,
    after: entry.after,
  });
  getLogger().info({ ownerId: owner.id, action: entry.action, licenseId: entry.licenceId }, "owner action");
}

/** A licence's seat count, set by hand: never below the seats in use (`setLicenceSeats`). */
export const changeSeats = define(
  { name: "owner.changeSeats", schema: changeSeatsSchema, access: "owner" },
  async (input, { user: owner }) =>
    getDb().transaction(async (tx) => {
      const before = await setLicenceSeats(tx, input.licenceId, input.seats);
      await audit(tx, owner, {
        action: "licence.seats_changed",
        licenceId: input.licenceId,
        reason: input.reason,
        before: { seats: before.seats, seatsInUse: before.used },
        after: { seats: input.seats, seatsInUse: before.used },
      });
      return { seats: input.seats };
    }),
);

/**
 * A data API key's allowance (ADR 220): the owner's to set, for a key in use of the licence named.
 * It applies from the key's next call.
 */
export const changeKeyLimits = define(
  { name: "owner.changeKeyLimits", schema: changeKeyLimitsSchema, access: "owner" },
  async ({ licenceId, keyId, perMinute, perDay, reason }, { user: owner }) =>
    getDb().transaction(async (tx) => {
      const key = await setApiKeyLimits(tx, licenceId, keyId, { perMinute, perDay });
      if (!key) throw new AppError("not_found", "This licence has no such key in use.");
      if (key.before.perMinute === perMinute && key.before.perDay === perDay)
        throw new AppError("conflict", "The key already has these limits.");
      await audit(tx, owner, {
        action: "api_key.limits_changed",
        licenceId,
        reason,
        before: { key: key.name, prefix: key.prefix, ...key.before },
        after: { key: key.name, prefix: key.prefix, perMinute, perDay },
      });
      return { perMinute, perDay };
    }),
);

/**
 * Sends an open invitation again: a new link valid for the full period, and the old link stops
 * working, so only the newest e-mail can be used.
 */
export const resendInvite = define(
  { name: "owner.resendInvite", schema: resendInviteSchema, access: "owner" },
  async (input, { user: owner }) => {
    const sent = await getDb().transaction(async (tx) => {
      const [invite] = await tx
        .select({
          id: licenceInvites.id,
          licenceId: licenceInvites.licenceId,
          email: licenceInvites.email,
          invitedBy: licenceInvites.invitedBy,
          expiresAt: licenceInvites.expiresAt,
          organisation: licences.organisation,
        })
        .from(licenceInvites)
        .innerJoin(licences, eq(licences.licenceId, licenceInvites.licenceId))
        .where(and(eq(licenceInvites.id, input.inviteId), isNull(licenceInvites.acceptedAt)))
        .for("update", { of: licenceInvites });
      if (!invite) throw new AppError("not_found", "That invitation does not exist or was already accepted.");
      const now = new Date();
      await tx
        .update(licenceInvites)
        .set({ expiresAt: now })
        .where(and(eq(licenceInvites.id, invite.id), gt(licenceInvites.expiresAt, now)));
      const { token, expiresAt } = await createInvite(
        { licenceId: invite.licenceId, email: invite.email, invitedBy: invite.invitedBy ?? owner.id },
        tx,
      );
      await audit(tx, owner, {
        action: "invite.resent",
        licenceId: invite.licenceId,
        reason: input.reason,
        before: { email: invite.email, expiresAt: invite.expiresAt.toISOString() },
        after: { email: invite.email, expiresAt: expiresAt.toISOString() },
      });
      return { ...invite, token };
    });
    const url = `${getEnv().APP_URL}/account-management/delegate-signup?token=${encodeURIComponent(sent.token)}`;
    await sendEmail(
      {
        to: sent.email,
        ...(await inviteEmail({
          organisation: sent.organisation ?? "an organisation",
          inviterName: site.name,
          url,
          days: joinOfferValidDays,
          unsubscribeUrl: unsubscribeUrlFor(sent.email),
        })),
      },
      { essential: false },
    );
    return { email: sent.email };
  },
);

async function targetOf(tx: Transaction, userId: string) {
  const [target] = await tx
    .select({ id: profiles.id, email: profiles.email, licenceId: profiles.licenceId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!target) throw new AppError("not_found", "That user does not exist.");
  return target;
}

/**
 * Suspends a user: they are signed out everywhere now, cannot sign in, and any session that slips
 * through is refused and deleted on its next request (lib/auth.ts, ADR 075).
 */
export const suspendUser = define(
  { name: "owner.suspendUser", schema: userReasonSchema, access: "owner" },
  async (input, { user: owner }) => {
    if (input.userId === owner.id) throw new AppError("conflict", "You cannot suspend your own account.");
    return getDb().transaction(async (tx) => {
      const target = await targetOf(tx, input.userId);
      const inserted = await tx
        .insert(userSuspensions)
        .values({ userId: target.id, suspendedBy: owner.id, reason: input.reason })
        .onConflictDoNothing()
        .returning({ userId: userSuspensions.userId });
      if (inserted.length === 0) throw new AppError("conflict", "That user is already suspended.");
      const ended = await tx
        .delete(session)
        .where(eq(session.userId, target.id))
        .returning({ id: session.id });
      await audit(tx, owner, {
        action: "user.suspended",
        licenceId: target.licenceId,
        userId: target.id,
        reason: input.reason,
        before: { email: target.email, suspended: false },
        after: { email: target.email, suspended: true, sessionsEnded: ended.length },
      });
      return { email: target.email };
    });
  },
);

export const restoreUser = define(
  { name: "owner.restoreUser", schema: userReasonSchema, access: "owner" },
  async (input, { user: owner }) =>
    getDb().transaction(async (tx) => {
      const target = await targetOf(tx, input.userId);
      const removed = await tx
        .delete(userSuspensions)
        .where(eq(userSuspensions.userId, target.id))
        .returning({ suspendedAt: userSuspensions.suspendedAt });
      if (removed.length === 0) throw new AppError("conflict", "That user is not suspended.");
      await audit(tx, owner, {
        action: "user.restored",
        licenceId: target.licenceId,
        userId: target.id,
        reason: input.reason,
        before: { email: target.email, suspended: true, suspendedAt: removed[0]!.suspendedAt.toISOString() },
        after: { email: target.email, suspended: false },
      });
      return { email: target.email };
    }),
);
