import "server-only";

import { and, count, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/session";

import { paymentSettings } from "./config";
import {
  changeTestSubscription,
  endTestTrial,
  getTestCheckout,
  payTestCheckoutSession,
  type TestCheckout,
  type TestSubscriptionChange,
} from "./gateway/test-provider";
import { plans } from "./plans";
import { trialEligibility } from "./trial";
import { syncCheckoutSession, syncSubscription } from "./sync";

/**
 * The pages of the local test checkout and test portal, which stand in for Stripe's hosted pages when
 * no Stripe key is set. With Stripe configured they do not exist (404).
 */
function assertTestProvider(): void {
  if (paymentSettings().provider !== "test") throw new AppError("not_found");
}

/** The test checkout, for the user who started it only; anyone else gets nothing. */
export async function findTestCheckout(user: CurrentUser, sessionId: string): Promise<TestCheckout | null> {
  if (paymentSettings().provider !== "test") return null;
  return getTestCheckout(sessionId, user.id);
}

/**
 * "Pay" (or "Start free trial"): the test provider completes the session and creates the
 * subscription, then the same fulfilment the Stripe webhook runs (`syncCheckoutSession`) brings it
 * into our licences. `cardDeclines` picks the test card that is declined when first charged.
 */
export async function payTestCheckoutFor(
  user: CurrentUser,
  sessionId: string,
  options: { cardDeclines?: boolean } = {},
): Promise<{ url: string }> {
  assertTestProvider();
  const checkout = await getTestCheckout(sessionId, user.id);
  if (!checkout) throw new AppError("not_found", "That checkout does not exist.");
  if (checkout.status === "open" && user.subscribed)
    throw new AppError("conflict", "You already have an active plan, so this checkout was not paid.");
  // A trial opened in another tab may have been had (and cancelled) since this checkout began.
  if (checkout.status === "open" && checkout.trialDays) {
    const eligibility = await trialEligibility(user);
    if (!eligibility.eligible) throw new AppError("conflict", eligibility.reason);
  }
  await payTestCheckoutSession(sessionId, user.id, options);
  await syncCheckoutSession(sessionId);
  return { url: checkout.successUrl };
}

export type TestPortalState = {
  organisation: string | null;
  seats: number;
  users: number;
  status: string;
  planId: string | null;
  interval: string | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
};

async function testLicenceOf(user: CurrentUser) {
  if (!user.admin || !user.licenceId) return null;
  const [licence] = await getDb()
    .select()
    .from(licences)
    .where(and(eq(licences.licenceId, user.licenceId), eq(licences.provider, "test")));
  return licence?.providerSubscriptionId ? licence : null;
}

/** What the test portal shows its admin; null when there is nothing for this user to manage. */
export async function getTestPortal(user: CurrentUser): Promise<TestPortalState | null> {
  if (paymentSettings().provider !== "test") return null;
  const licence = await testLicenceOf(user);
  if (!licence) return null;
  const [{ users }] = (await getDb()
    .select({ users: count() })
    .from(profiles)
    .where(eq(profiles.licenceId, licence.licenceId))) as [{ users: number }];
  return {
    organisation: licence.organisation,
    seats: licence.seats,
    users,
    status: licence.status,
    planId: licence.planId,
    interval: licence.billingInterval,
    currentPeriodEnd: licence.currentPeriodEnd,
    trialEnd: licence.status === "trialing" ? licence.trialEnd : null,
  };
}

/** A change made in the test portal, then synced exactly as a Stripe portal change arrives by webhook. */
export async function changeTestPortalSubscription(
  user: CurrentUser,
  change: TestSubscriptionChange,
): Promise<void> {
  assertTestProvider();
  if (!user.admin) throw new AppError("forbidden", "Only your licence admin can manage billing.");
  const licence = await testLicenceOf(user);
  if (!licence) throw new AppError("not_found", "There is no test subscription on your licence.");
  // Our plans are numbers of users: a change of seats to one of them is a change to that plan, as
  // switching plans in Stripe's portal would be; other numbers keep the plan and its price per seat.
  const planId = "quantity" in change ? plans.find((plan) => plan.seats === change.quantity)?.id : undefined;
  await changeTestSubscription(licence.providerSubscriptionId!, planId ? { ...change, planId } : change);
  await syncSubscription(licence.providerSubscriptionId!);
}

/**
 * "End the trial now" in the test portal: the test checkout's clock, as a Stripe test clock moved to
 * the trial's end. The trial converts, or lapses on a declined test card, and is synced at once.
 */
export async function endTestPortalTrial(user: CurrentUser): Promise<{ status: string }> {
  assertTestProvider();
  if (!user.admin) throw new AppError("forbidden", "Only your licence admin can manage billing.");
  const licence = await testLicenceOf(user);
  if (!licence) throw new AppError("not_found", "There is no test subscription on your licence.");
  if (!(await endTestTrial(licence.providerSubscriptionId!)))
    throw new AppError("conflict", "This subscription is not on a free trial.");
  const synced = await syncSubscription(licence.providerSubscriptionId!);
  return { status: synced?.status ?? licence.status };
}
