import "server-only";

import { and, eq, or, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles, trials } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { sendEmail, trialEndingEmail } from "@/lib/email";
import type { Job } from "@/lib/jobs";
import { getLogger } from "@/lib/logger";
import type { CurrentUser } from "@/lib/session";
import { site } from "@/lib/site";

import { paymentSettings } from "./config";
import { claimTestTrialReminders, dueTestTrials, endTestTrial } from "./gateway/test-provider";
import { syncSubscription } from "./sync";
import { describeTrial, trialReminderDays } from "./trial-terms";

/** Where an admin sees the trial and cancels it: the Billing section. */
export const billingPath = "/account-management/dashboard?section=billing";

export type TrialEligibility = { eligible: true } | { eligible: false; reason: string };

const offerPlans = "Choose a plan below to subscribe: it starts with the first payment.";

/**
 * Whether this user may start a free trial (ADR 190): one per person and per organisation, so none
 * for an e-mail address, profile or payment customer that has had one, nor for anyone on a licence
 * (their organisation has had a plan, trial or paid). Read from our tables only.
 */
export async function trialEligibility(
  user: Pick<CurrentUser, "id" | "email" | "licenceId">,
): Promise<TrialEligibility> {
  if (user.licenceId)
    return {
      eligible: false,
      reason: `Your organisation has had a ${site.name} plan before, so it has no free trial. ${offerPlans}`,
    };
  const db = getDb();
  const [profile] = await db
    .select({ customerId: profiles.customerId })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const matches: SQL[] = [eq(trials.email, user.email.toLowerCase()), eq(trials.profileId, user.id)];
  if (profile?.customerId) matches.push(eq(trials.customerId, profile.customerId));
  const [earlier] = await db
    .select({ id: trials.id })
    .from(trials)
    .where(or(...matches))
    .limit(1);
  if (earlier)
    return {
      eligible: false,
      reason: `You have already had a free trial of ${site.name}, and there is one per person. ${offerPlans}`,
    };
  return { eligible: true };
}

/**
 * Tells each admin of a licence that its free trial ends in a few days, and what happens then. Only
 * while the licence is still trialing, not cancelled, with its end ahead: a late or replayed event
 * (Stripe's `trial_will_end`) after the trial converted or was cancelled sends nothing. Called after
 * the event's transaction has committed; a failed send is logged.
 */
export async function notifyTrialEnding(licenceId: string, now = new Date()): Promise<number> {
  const [licence] = await getDb().select().from(licences).where(eq(licences.licenceId, licenceId));
  if (
    !licence ||
    licence.status !== "trialing" ||
    licence.cancelAtPeriodEnd ||
    !licence.trialEnd ||
    licence.trialEnd <= now
  )
    return 0;
  const { headline, then } = describeTrial({
    trialEnd: licence.trialEnd,
    cancelAtPeriodEnd: licence.cancelAtPeriodEnd,
    planId: licence.planId,
    interval: licence.billingInterval,
  });
  const admins = await getDb()
    .select({ email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(and(eq(profiles.licenceId, licenceId), eq(profiles.admin, true)));
  const billingUrl = new URL(billingPath, getEnv().APP_URL).toString();
  let sent = 0;
  for (const admin of admins) {
    try {
      const content = await trialEndingEmail({
        firstName: admin.firstName,
        organisation: licence.organisation,
        headline,
        then,
        billingUrl,
      });
      await sendEmail({ to: admin.email, ...content }, { essential: true });
      sent += 1;
    } catch (error) {
      getLogger().error({ err: error, licenseId: licenceId }, "trial-ending e-mail not sent");
    }
  }
  return sent;
}

/**
 * The test checkout's stand-in for Stripe's trial clock (ADR 190): reminds the admins of trials
 * ending within three days (once each, Stripe's `trial_will_end`), then ends every trial that is due,
 * charging the test card or lapsing on a declined one, and syncs each change as a webhook would.
 */
export async function runTestTrials(now = new Date()): Promise<{ reminded: string[]; ended: string[] }> {
  if (paymentSettings().provider !== "test") return { reminded: [], ended: [] };
  const reminders = await claimTestTrialReminders(trialReminderDays * 86_400_000, now);
  for (const subscriptionId of reminders) {
    const synced = await syncSubscription(subscriptionId);
    if (synced) await notifyTrialEnding(synced.licenceId, now);
  }
  const ended: string[] = [];
  for (const subscriptionId of await dueTestTrials(now)) {
    if (await endTestTrial(subscriptionId, now)) ended.push(subscriptionId);
    await syncSubscription(subscriptionId);
  }
  if (reminders.length || ended.length)
    getLogger().info({ reminded: reminders.length, ended: ended.length }, "test trials run");
  return { reminded: reminders, ended };
}

/** Every ten minutes on the job queue, only where the test checkout takes the payments. */
export function testTrialsJob(): Job {
  return {
    name: "test-checkout-trials",
    schedule: paymentSettings().provider === "test" ? "*/10 * * * *" : "off",
    timeoutSeconds: 10 * 60,
    retries: { limit: 2, delaySeconds: 5 * 60 },
    run: async () => {
      await runTestTrials();
    },
  };
}
