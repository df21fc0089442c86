import "server-only";

import { randomBytes } from "node:crypto";

import { and, eq } from "drizzle-orm";

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
    organisation: row.metadata.organisation ?? null,
    successUrl: (row.metadata[returnKeys.success] ?? "/").replace(sessionIdPlaceholder, row.id),
    cancelUrl: row.metadata[returnKeys.cancel] ?? "/payment/cancelled",
  };
}

/**
 * "Pay" on the test checkout: creates the active subscription and completes the session, once.
 * A second click finds the session complete and answers with the same subscription.
 */
export async function payTestCheckoutSession(sessionId: string, profileId: string): Promise<string> {
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
    await tx.insert(testSubscriptions).values({
      id: subscriptionId,
      customerId: session.customerId,
      planId: session.planId,
      billingInterval: session.billingInterval,
      quantity: session.quantity,
      status: "active",
      currentPeriodEnd: periodEnd(session.billingInterval),
      metadata: withoutReturnUrls(session.metadata),
    });
    await tx
      .update(testCheckoutSessions)
      .set({ status: "complete", subscriptionId })
      .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.status, "open")));
    return subscriptionId;
  });
}

/** What the test portal can do to a subscription: change its seats, or cancel it at once. */
export type TestSubscriptionChange = { quantity: number } | { status: "canceled" | "past_due" | "active" };

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
