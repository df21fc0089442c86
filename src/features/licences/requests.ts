import "server-only";

import { and, eq, lt, sql, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licenceRequests, profiles } from "@/db/schema";
import { AppError } from "@/lib/errors";

import { addMemberToLicence, joinOfferValidDays } from "./membership";
import { ownPlanWords, planInTheWay } from "./own-plan";

/**
 * An admin's request that a registered user join their licence, and the user's answer (ADR 036).
 * The request holds no seat: the seat is taken when the user accepts, in the same transaction.
 */

const noLongerOpen =
  "This request is no longer open: it was cancelled, declined or has expired. Ask the admin to add you again.";

const pendingFor = (licenceId: string, userId: string) =>
  and(
    eq(licenceRequests.licenceId, licenceId),
    eq(licenceRequests.userId, userId),
    eq(licenceRequests.status, "pending"),
  );

/**
 * The pending request for this user on this licence: a new one, or the one already open (a repeated
 * add, even a concurrent one, is the same request, R23). A request left past its expiry is closed first.
 */
export async function requestMembership(input: {
  licenceId: string;
  userId: string;
  requestedBy: string;
}): Promise<{ requestId: string; created: boolean }> {
  return getDb().transaction(async (tx) => {
    await tx
      .update(licenceRequests)
      .set({ status: "expired", resolvedAt: sql`now()` })
      .where(and(pendingFor(input.licenceId, input.userId), lt(licenceRequests.expiresAt, sql`now()`)));
    const [created] = await tx
      .insert(licenceRequests)
      .values({
        ...input,
        expiresAt: new Date(Date.now() + joinOfferValidDays * 24 * 60 * 60 * 1000),
      })
      .onConflictDoNothing({
        target: [licenceRequests.licenceId, licenceRequests.userId],
        where: sql`status = 'pending'`,
      })
      .returning({ id: licenceRequests.id });
    if (created) return { requestId: created.id, created: true };
    const [open] = await tx
      .select({ id: licenceRequests.id })
      .from(licenceRequests)
      .where(pendingFor(input.licenceId, input.userId));
    return { requestId: open!.id, created: false };
  });
}

/**
 * The user's yes: joins the licence if it takes members and has a free seat right now. One
 * transaction locks the request (so it is used once, however often it is sent) and takes the seat
 * under the licence's lock (R18). Accepting again once joined answers the same (R23).
 */
export async function acceptMembershipRequest(
  requestId: string,
  userId: string,
): Promise<{ licenceId: string }> {
  return getDb().transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(licenceRequests)
      .where(and(eq(licenceRequests.id, requestId), eq(licenceRequests.userId, userId)))
      .for("update");
    if (!request) throw new AppError("not_found", "We could not find that request.");
    if (request.status === "accepted") {
      const [profile] = await tx
        .select({ licenceId: profiles.licenceId })
        .from(profiles)
        .where(eq(profiles.id, userId));
      if (profile?.licenceId === request.licenceId) return { licenceId: request.licenceId };
    }
    if (request.status !== "pending" || request.expiresAt.getTime() <= Date.now())
      throw new AppError("not_found", noLongerOpen);
    try {
      await addMemberToLicence(request.licenceId, userId, tx);
    } catch (error) {
      if (error instanceof AppError && error.code === "conflict") {
        const [profile] = await tx
          .select({ admin: profiles.admin, delegate: profiles.delegate, licenceId: profiles.licenceId })
          .from(profiles)
          .where(eq(profiles.id, userId));
        const own = profile && planInTheWay(profile) === "own";
        throw new AppError(
          "conflict",
          `User On Active Plan: ${own ? ownPlanWords.payingInvitee : ownPlanWords.memberInvitee}`,
          { cause: error },
        );
      }
      throw error;
    }
    await tx
      .update(licenceRequests)
      .set({ status: "accepted", resolvedAt: sql`now()` })
      .where(eq(licenceRequests.id, request.id));
    return { licenceId: request.licenceId };
  });
}

/** Closes a pending request as `status`; closing it the same way again is not an error (R23). */
async function closeRequest(
  requestId: string,
  whose: SQL | undefined,
  status: "declined" | "cancelled",
  notOpen: string,
) {
  const mine = and(eq(licenceRequests.id, requestId), whose);
  const [closed] = await getDb()
    .update(licenceRequests)
    .set({ status, resolvedAt: sql`now()` })
    .where(and(mine, eq(licenceRequests.status, "pending")))
    .returning({ id: licenceRequests.id });
  if (closed) return;
  const [request] = await getDb()
    .select({ status: licenceRequests.status })
    .from(licenceRequests)
    .where(mine);
  if (request?.status !== status) throw new AppError("not_found", notOpen);
}

/** The user's no. Only the user the request was made to can give it. */
export async function declineMembershipRequest(requestId: string, userId: string): Promise<void> {
  await closeRequest(requestId, eq(licenceRequests.userId, userId), "declined", noLongerOpen);
}

/** An admin withdraws a request made on their own licence. */
export async function cancelMembershipRequest(requestId: string, licenceId: string): Promise<void> {
  await closeRequest(
    requestId,
    eq(licenceRequests.licenceId, licenceId),
    "cancelled",
    "That request is no longer open: the user has answered it, or it has expired.",
  );
}
