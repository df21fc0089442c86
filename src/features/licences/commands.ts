import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import { consumeRateLimit, consumeRateLimits } from "@/lib/security/rate-limit";
import { defineAction as define } from "@/lib/define-action";
import {
  addedToLicenceEmail,
  type EmailContent,
  inviteEmail,
  licenceRequestEmail,
  removedFromLicenceEmail,
  sendEmail,
  unsubscribeUrlFor,
} from "@/lib/email";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import type { CurrentUser } from "@/lib/session";

import { acceptInvite, createInvite } from "./invites";
import { assertRoomForAnotherMember, joinOfferValidDays, removeMemberFromLicence } from "./membership";
import { ownPlanWords } from "./own-plan";
import { requestsToJoinPath } from "./paths";
import { findProfileByEmail, getRequestsToJoin, searchUserForLicence } from "./queries";
import {
  acceptMembershipRequest,
  cancelMembershipRequest,
  declineMembershipRequest,
  requestMembership,
} from "./requests";
import {
  acceptInviteSchema,
  emptySchema,
  licenceEmailSchema,
  removeUserSchema,
  requestIdSchema,
} from "./schemas";

/**
 * The licence actions as plain definitions: `actions.ts` turns each into a server action with
 * `createAction`, and tests run them with `runAction` as any user they like.
 */

/** Invitations and requests to join, together: each sends an e-mail to an address the admin typed. */
export const joinOffersPerAdmin = { max: 20, windowSeconds: 60 * 60 } as const;
const joinOffersPerLicence = { max: 50, windowSeconds: 60 * 60 } as const;
export const searchesPerAdmin = { max: 120, windowSeconds: 60 * 60 } as const;

/** The admin's own licence: every licence action works on it and nothing else (R2). */
function ownLicence(user: CurrentUser): string {
  if (!user.licenceId) throw new AppError("forbidden", "You have no licence to manage.");
  return user.licenceId;
}

async function organisationOf(licenceId: string): Promise<string> {
  const [row] = await getDb()
    .select({ organisation: licences.organisation })
    .from(licences)
    .where(eq(licences.licenceId, licenceId));
  return row?.organisation ?? "your organisation";
}

/** Counts one invitation or request to join against the admin's and the licence's hourly allowance (R6). */
async function consumeJoinOfferAllowance(adminId: string, licenceId: string): Promise<void> {
  const limit = await consumeRateLimits([
    { key: `licence-offer:admin:${adminId}`, rule: joinOffersPerAdmin },
    { key: `licence-offer:licence:${licenceId}`, rule: joinOffersPerLicence },
  ]);
  if (!limit.allowed)
    throw new AppError(
      "rate_limited",
      `You have sent a lot of invitations and requests. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
    );
}

const nameOf = (user: CurrentUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * A non-essential e-mail about a licence change. It must not undo the change it reports: failures
 * are logged, not thrown.
 */
async function tell(to: string, content: () => Promise<EmailContent>) {
  try {
    await sendEmail({ to, ...(await content()) }, { essential: false });
  } catch (error) {
    getLogger().error({ err: error }, "licence e-mail failed");
  }
}

export const searchUser = define(
  { name: "licences.searchUser", schema: licenceEmailSchema, access: "admin" },
  async (input, { user }) => {
    const licenceId = ownLicence(user);
    const limit = await consumeRateLimit(`licence-search:${user.id}`, searchesPerAdmin);
    if (!limit.allowed) throw new AppError("rate_limited");
    return searchUserForLicence(input.email, licenceId);
  },
);

/**
 * Add User for a registered user: asks them to join (ADR 036). They join only by accepting, so the
 * answer is the same whether or not they are on another plan, and says nothing about them.
 */
export const addUser = define(
  { name: "licences.addUser", schema: licenceEmailSchema, access: "admin" },
  async (input, { user }) => {
    const licenceId = ownLicence(user);
    await consumeJoinOfferAllowance(user.id, licenceId);
    const target = await findProfileByEmail(input.email);
    if (!target) throw new AppError("not_found", "No User Found");
    if (target.licenceId === licenceId)
      throw new AppError("conflict", "That user is already on your licence.");
    await assertRoomForAnotherMember(licenceId);
    const { created } = await requestMembership({ licenceId, userId: target.id, requestedBy: user.id });
    if (created) {
      const organisation = await organisationOf(licenceId);
      await tell(target.email, () =>
        licenceRequestEmail({
          firstName: target.firstName,
          organisation,
          requesterName: nameOf(user),
          url: `${getEnv().APP_URL}${requestsToJoinPath}`,
          days: joinOfferValidDays,
          ownPlanNote: ownPlanWords.forInvitee,
          unsubscribeUrl: unsubscribeUrlFor(target.email),
        }),
      );
    }
    return { email: input.email, alreadyRequested: !created };
  },
);

/** An admin withdraws a request to join their own licence that is still open. */
export const cancelRequest = define(
  { name: "licences.cancelRequest", schema: requestIdSchema, access: "admin" },
  async (input, { user }) => {
    await cancelMembershipRequest(input.requestId, ownLicence(user));
    return { cancelled: true };
  },
);

/** The user's yes to a request made to them: they join now, if the licence has room (ADR 035, 036). */
export const acceptRequest = define(
  { name: "licences.acceptRequest", schema: requestIdSchema, access: "user" },
  async (input, { user }) => {
    const { licenceId } = await acceptMembershipRequest(input.requestId, user.id);
    const organisation = await organisationOf(licenceId);
    await tell(user.email, () =>
      addedToLicenceEmail({
        firstName: user.firstName,
        organisation,
        appUrl: `${getEnv().APP_URL}/drug-tariff-parts/partviiia`,
        unsubscribeUrl: unsubscribeUrlFor(user.email),
      }),
    );
    return { organisation };
  },
);

export const declineRequest = define(
  { name: "licences.declineRequest", schema: requestIdSchema, access: "user" },
  async (input, { user }) => {
    await declineMembershipRequest(input.requestId, user.id);
    return { declined: true };
  },
);

export const removeUser = define(
  { name: "licences.removeUser", schema: removeUserSchema, access: "admin" },
  async (input, { user }) => {
    const licenceId = ownLicence(user);
    const [target] = await getDb()
      .select({ email: profiles.email, firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    await removeMemberFromLicence(licenceId, input.userId);
    const organisation = await organisationOf(licenceId);
    await tell(target!.email, () =>
      removedFromLicenceEmail({
        firstName: target!.firstName ?? undefined,
        organisation,
        unsubscribeUrl: unsubscribeUrlFor(target!.email),
      }),
    );
    return { email: target!.email };
  },
);

/** An invitation by e-mail (docs/security.md R17): only to the one address, from a fixed template, rate-limited. */
export const inviteUser = define(
  { name: "licences.inviteUser", schema: licenceEmailSchema, access: "admin" },
  async (input, { user }) => {
    const licenceId = ownLicence(user);
    await consumeJoinOfferAllowance(user.id, licenceId);
    await assertRoomForAnotherMember(licenceId);
    if (await findProfileByEmail(input.email))
      throw new AppError("conflict", "That address already has an account: add the user instead.");
    const { token } = await createInvite({ licenceId, email: input.email, invitedBy: user.id });
    const url = `${getEnv().APP_URL}/account-management/delegate-signup?token=${encodeURIComponent(token)}`;
    await sendEmail(
      {
        to: input.email,
        ...(await inviteEmail({
          organisation: await organisationOf(licenceId),
          inviterName: nameOf(user),
          url,
          days: joinOfferValidDays,
          unsubscribeUrl: unsubscribeUrlFor(input.email),
        })),
      },
      { essential: false },
    );
    return { email: input.email };
  },
);

export const joinWithInvite = define(
  { name: "licences.acceptInvite", schema: acceptInviteSchema, access: "user" },
  async (input, { user }) => acceptInvite(input.token, user),
);

/** product §2.14: "Close Message" is remembered for this user. */
export const dismissSubscriptionNotice = define(
  { name: "licences.dismissSubscriptionNotice", schema: emptySchema, access: "user" },
  async (_input, { user }) => {
    await getDb()
      .update(profiles)
      .set({ subscriptionNoticeDismissedAt: new Date() })
      .where(eq(profiles.id, user.id));
    return { dismissed: true };
  },
);

/**
 * What a signed-in user should be told on the public pages: their open requests to join a licence
 * (ADR 036), or else, without a subscription, the notice of product §2.14 until they close it.
 */
export const accountNoticeState = define(
  { name: "licences.accountNoticeState", schema: emptySchema, access: "user" },
  async (_input, { user }) => {
    const requestsToJoin = (await getRequestsToJoin(user.id)).map(({ organisation }) => organisation);
    if (user.subscribed || requestsToJoin.length > 0) return { subscriptionNotice: false, requestsToJoin };
    const [row] = await getDb()
      .select({ dismissed: profiles.subscriptionNoticeDismissedAt })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    return { subscriptionNotice: !row?.dismissed, requestsToJoin };
  },
);
