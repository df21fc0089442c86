import "server-only";

import { randomBytes } from "node:crypto";

import { and, eq, gt, isNull, lte } from "drizzle-orm";

import { getDb } from "@/db/client";
import { testCheckoutSessions, testCustomers, testSubscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors";

import { findPlan, type BillingInterval, type Plan } from "../plans";
import {
  checkoutStatus,
  type CheckoutSessionState,
  type PaymentGateway,
  type SubscriptionState,
} from "./types";

/**
 * The local test checkout: a stand-in for the payment provider when no Stripe key is set (the
 * embedded default). It keeps its customers, checkout sessions and subscriptions in the `test_*`
 * tables, and our licences read them only through the gateway interface, exactly as they read Stripe.
 */

export const testCheckoutPath = "/payment/test-checkout";
export const testPortalPath = "/payment/test-portal";
/** Stripe's placeholder in a success URL, replaced by the session id when the payer returns. */
export const sessionIdPlaceholder = "{CHECKOUT_SESSION_ID}";

const returnKeys = { success: "_successUrl", cancel: "_cancelUrl" } as const;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

function withoutReturnUrls(metadata: Record<string, string>): Record<string, string> {
  const { [returnKeys.success]: _success, [returnKeys.cancel]: _cancel, ...rest } = metadata;
  return rest;
}

function periodEnd(interval: string, from = new Date()): Date {
  const end = new Date(from);
  if (interval === "annual") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

type TestSubscriptionRow = typeof testSubscriptions.$inferSelect;

function toSubscriptionState(row: TestSubscriptionRow): SubscriptionState {
  const plan = findPlan(row.planId);
  const interval =
    row.billingInterval === "annual" || row.billingInterval === "monthly" ? row.billingInterval : null;
  return {
    id: row.id,
    provider: "test",
    status: row.status,
    quantity: row.quantity,
    currentPeriodEnd: row.currentPeriodEnd,
    customerId: row.customerId,
    metadata: row.metadata,
    planId: plan?.id ?? null,
    interval,
    trialEnd: row.trialEnd,
    // The test portal cancels at once; nothing is ever left to end at the period's end.
    cancelAtPeriodEnd: false,
  };
}

export function createTestGateway(): PaymentGateway {
  return {
    provider: "test",
    displayName: "the test checkout",

    async createCustomer({ profileId, email, name }) {
      const id = newId("tcus");
      await getDb().insert(testCustomers).values({ id, email, name, metadata: { profileId } });
      return { id };
    },

    async createCheckoutSession(request) {
      const id = newId("tcs");
      await getDb()
        .insert(testCheckoutSessions)
        .values({
          id,
          customerId: request.customerId,
          planId: request.planId,
          billingInterval: request.interval,
          quantity: request.seats,
          trialDays: request.trialDays ?? null,
          metadata: {
            ...request.metadata,
            [returnKeys.success]: request.successUrl,
            [returnKeys.cancel]: request.cancelUrl,
          },
        });
      return { id, url: `${testCheckoutPath}/${id}` };
    },

    async retrieveCheckoutSession(id): Promise<CheckoutSessionState | null> {
      const [row] = await getDb().select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
      if (!row) return null;
      return {
        id: row.id,
        status: checkoutStatus(row.status),
        customerId: row.customerId,
        subscriptionId: row.subscriptionId,
        metadata: withoutReturnUrls(row.metadata),
      };
    },

    async retrieveSubscription(id) {
      const [row] = await getDb().select().from(testSubscriptions).where(eq(testSubscriptions.id, id));
      return row ? toSubscriptionState(row) : null;
    },

    async createPortalSession() {
      return { url: testPortalPath };
    },

    async listInvoices() {
      return null;
    },

    webhooks: null,
  };
}

/** A test checkout as its page shows it, for the payer who started it only. */
export type TestCheckout = {
  id: string;
  status: "open" | "complete" | "expired";
  planId: Plan["id"];
  interval: BillingInterval;
  seats: number;
  /** The free trial this checkout starts, in days; null when it charges at once. */
  trialDays: number | null;
  organisation: string | null;
  successUrl: string;
  cancelUrl: string;
};

export async function getTestCheckout(sessionId: string, profileId: string): Promise<TestCheckout | null> {
  const [row] = await getDb()
    .select()
    .from(testCheckoutSessions)
    .where(eq(testCheckoutSessions.id, sessionId));
  const plan = row && findPlan(row.planId);
  if (!row || !plan || row.metadata.profileId !== profileId) return null;
  return {
    id: row.id,
    status: checkoutStatus(row.status),
    planId: plan.id,
    interval: row.billingInterval === "annual" ? "annual" : "monthly",
    seats: row.quantity,
    trialDays: row.trialDays,
    organisation: row.metadata.organisation ?? null,
    successUrl: (row.metadata[returnKeys.success] ?? "/").replace(sessionIdPlaceholder, row.id),
    cancelUrl: row.metadata[returnKeys.cancel] ?? "/payment/cancelled",
  };
}

/** The day a trial of `days` started `from` ends. */
export function trialEndsAt(days: number, from = new Date()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

/**
 * "Pay" (or "Start free trial") on the test checkout: creates the subscription and completes the
 * session, once. With a trial the subscription is `trialing` until the trial ends, and nothing is
 * charged; `cardDeclines` is the test card that will be declined then. A second click finds the
 * session complete and answers with the same subscription.
 */
export async function payTestCheckoutSession(
  sessionId: string,
  profileId: string,
  options: { cardDeclines?: boolean } = {},
): Promise<string> {
  return getDb().transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId))
      .for("update");
    if (!session || session.metadata.profileId !== profileId)
      throw new AppError("not_found", "That checkout does not exist.");
    if (session.status === "complete" && session.subscriptionId) return session.subscriptionId;
    if (session.status !== "open")
      throw new AppError("conflict", "This checkout has expired. Please start again.");
    const subscriptionId = newId("tsub");
    // During a trial the current period is the trial itself, as at Stripe.
    const trialEnd = session.trialDays ? trialEndsAt(session.trialDays) : null;
    await tx.insert(testSubscriptions).values({
      id: subscriptionId,
      customerId: session.customerId,
      planId: session.planId,
      billingInterval: session.billingInterval,
      quantity: session.quantity,
      status: trialEnd ? "trialing" : "active",
      currentPeriodEnd: trialEnd ?? periodEnd(session.billingInterval),
      trialEnd,
      cardDeclines: options.cardDeclines ?? false,
      metadata: withoutReturnUrls(session.metadata),
    });
    await tx
      .update(testCheckoutSessions)
      .set({ status: "complete", subscriptionId })
      .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.status, "open")));
    return subscriptionId;
  });
}

/**
 * What the test portal can do to a subscription: change its seats (and with them the plan of that
 * many users, where there is one), or cancel it at once.
 */
export type TestSubscriptionChange =
  { quantity: number; planId?: Plan["id"] } | { status: "canceled" | "past_due" | "active" };

export async function changeTestSubscription(
  subscriptionId: string,
  change: TestSubscriptionChange,
): Promise<void> {
  const updated = await getDb()
    .update(testSubscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(testSubscriptions.id, subscriptionId))
    .returning({ id: testSubscriptions.id });
  if (updated.length === 0) throw new AppError("not_found", "That subscription does not exist.");
}

/**
 * Ends a test subscription's trial, as Stripe does when `trial_end` passes: the first period is
 * charged to the test card, and the subscription becomes `active` for a billing period from the
 * trial's end; a declined card leaves it `unpaid` (the test checkout has no retry schedule, so it
 * ends where Stripe's retries end, ADR 190). Anything no longer trialing (cancelled during the trial,
 * or already ended) is left alone. Returns whether the trial was ended now.
 */
export async function endTestTrial(subscriptionId: string, now = new Date()): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(testSubscriptions)
      .where(eq(testSubscriptions.id, subscriptionId))
      .for("update");
    if (!row || row.status !== "trialing") return false;
    const ended = row.trialEnd && row.trialEnd < now ? row.trialEnd : now;
    await tx
      .update(testSubscriptions)
      .set(
        row.cardDeclines
          ? { status: "unpaid", trialEnd: ended, currentPeriodEnd: ended, updatedAt: now }
          : {
              status: "active",
              trialEnd: ended,
              currentPeriodEnd: periodEnd(row.billingInterval, ended),
              updatedAt: now,
            },
      )
      .where(eq(testSubscriptions.id, subscriptionId));
    return true;
  });
}

/** Test subscriptions whose trial has ended by `now` and that are still trialing. */
export async function dueTestTrials(now = new Date()): Promise<string[]> {
  const rows = await getDb()
    .select({ id: testSubscriptions.id })
    .from(testSubscriptions)
    .where(and(eq(testSubscriptions.status, "trialing"), lte(testSubscriptions.trialEnd, now)));
  return rows.map((row) => row.id);
}

/**
 * Claims the trial-ending reminder of every test subscription whose trial ends within `withinMs`:
 * the test checkout's `customer.subscription.trial_will_end`. Each is claimed once (the claim and the
 * check are one UPDATE), so two processes never remind twice.
 */
export async function claimTestTrialReminders(withinMs: number, now = new Date()): Promise<string[]> {
  const rows = await getDb()
    .update(testSubscriptions)
    .set({ trialReminderSentAt: now })
    .where(
      and(
        eq(testSubscriptions.status, "trialing"),
        isNull(testSubscriptions.trialReminderSentAt),
        gt(testSubscriptions.trialEnd, now),
        lte(testSubscriptions.trialEnd, new Date(now.getTime() + withinMs)),
      ),
    )
    .returning({ id: testSubscriptions.id });
  return rows.map((row) => row.id);
}
