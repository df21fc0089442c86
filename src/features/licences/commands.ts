import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licenses, profiles } from "@/db/schema";
import { consumeRateLimit, consumeRateLimits } from "@/features/access/rate-limit";
import { defineAction as define } from "@/lib/define-action";
import {
  addedToLicenceEmail,
  inviteEmail,
  removedFromLicenceEmail,
  sendEmail,
  unsubscribeUrlFor,
} from "@/lib/email";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import type { CurrentUser } from "@/lib/session";

import { acceptInvite, createInvite, inviteValidDays } from "./invites";
import { addMemberToLicence, removeMemberFromLicence } from "./membership";
import { findUserByEmail, getSeatUsage } from "./queries";
import { acceptInviteSchema, emptySchema, licenceEmailSchema, removeUserSchema } from "./schemas";

/**
 * The licence actions as plain definitions: `actions.ts` turns each into a server action with
 * `createAction`, and tests run them with `runAction` as any user they like.
 */

export const invitesPerAdmin = { max: 20, windowSeconds: 60 * 60 } as const;
export const searchesPerAdmin = { max: 120, windowSeconds: 60 * 60 } as const;

/** The admin's own licence: every licence action works on it and nothing else (R2). */
function ownLicence(user: CurrentUser): string {
  if (!user.licenseId) throw new AppError("forbidden", "You have no licence to manage.");
  return user.licenseId;
}

async function organisationOf(licenseId: string): Promise<string> {
  const [row] = await getDb()
    .select({ organisation: licenses.organisation })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId));
  return row?.organisation ?? "your organisation";
}

/** Notification e-mails must not undo the change they report: failures are logged, not thrown. */
async function notify(send: () => Promise<unknown>, what: string) {
  try {
    await send();
  } catch (error) {
    getLogger().error({ err: error, what }, "licence e-mail failed");
  }
}

export const searchUser = define(
  { name: "licences.searchUser", schema: licenceEmailSchema, access: "admin" },
  async (input, { user }) => {
    ownLicence(user);
    const limit = await consumeRateLimit(`licence-search:${user.id}`, searchesPerAdmin);
    if (!limit.allowed) throw new AppError("rate_limited");
    return findUserByEmail(input.email);
  },
);

export const addUser = define(
  { name: "licences.addUser", schema: licenceEmailSchema, access: "admin" },
  async (input, { user }) => {
    const licenseId = ownLicence(user);
    const [target] = await getDb()
      .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName })
      .from(profiles)
      .where(eq(sql`lower(${profiles.email})`, input.email));
    if (!target) throw new AppError("not_found", "No User Found");
    await addMemberToLicence(licenseId, target.id);
    const organisation = await organisationOf(licenseId);
    await notify(
      async () =>
        sendEmail(
          {
            to: target.email,
            ...(await addedToLicenceEmail({
              firstName: target.firstName ?? undefined,
              organisation,
              appUrl: `${getEnv().APP_URL}/drug-tariff-parts/partviiia`,
              unsubscribeUrl: unsubscribeUrlFor(target.email),
            })),
          },
          { essential: false },
        ),
      "added",
    );
    return { email: target.email };
  },
);

export const removeUser = define(
  { name: "licences.removeUser", schema: removeUserSchema, access: "admin" },
  async (input, { user }) => {
    const licenseId = ownLicence(user);
    const [target] = await getDb()
      .select({ email: profiles.email, firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    await removeMemberFromLicence(licenseId, input.userId);
    const organisation = await organisationOf(licenseId);
    await notify(
      async () =>
        sendEmail(
          {
            to: target!.email,
            ...(await removedFromLicenceEmail({
              firstName: target!.firstName ?? undefined,
              organisation,
              unsubscribeUrl: unsubscribeUrlFor(target!.email),
            })),
          },
          { essential: false },
        ),
      "removed",
    );
    return { email: target!.email };
  },
);

/** An invitation by e-mail (SECURITY.md R17): only to the one address, from a fixed template, rate-limited. */
export const inviteUser = define(
  { name: "licences.inviteUser", schema: licenceEmailSchema, access: "admin" },
  async (input, { user }) => {
    const licenseId = ownLicence(user);
    const limit = await consumeRateLimits([
      { key: `licence-invite:admin:${user.id}`, rule: invitesPerAdmin },
      { key: `licence-invite:licence:${licenseId}`, rule: { max: 50, windowSeconds: 60 * 60 } },
    ]);
    if (!limit.allowed)
      throw new AppError(
        "rate_limited",
        `You have sent a lot of invitations. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
      );
    const usage = await getSeatUsage(licenseId);
    if (!usage || usage.users >= usage.seats)
      throw new AppError("seat_limit_reached", "Your licence has no free seats for another user.");
    if ((await findUserByEmail(input.email)).found)
      throw new AppError("conflict", "That address already has an account: add the user instead.");
    const { token } = await createInvite({ licenseId, email: input.email, invitedBy: user.id });
    const url = `${getEnv().APP_URL}/account-management/delegate-signup?token=${encodeURIComponent(token)}`;
    await sendEmail(
      {
        to: input.email,
        ...(await inviteEmail({
          organisation: await organisationOf(licenseId),
          inviterName: `${user.firstName} ${user.lastName}`.trim() || user.email,
          url,
          days: inviteValidDays,
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

/** SPEC §2.14: "Close Message" is remembered for this user. */
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

export const subscriptionNoticeState = define(
  { name: "licences.subscriptionNoticeState", schema: emptySchema, access: "user" },
  async (_input, { user }) => {
    if (user.subscribed) return { show: false };
    const [row] = await getDb()
      .select({ dismissed: profiles.subscriptionNoticeDismissedAt })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    return { show: !row?.dismissed };
  },
);
