import "server-only";

import { and, eq, ne, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licenses, profiles } from "@/db/schema";
import { getLogger } from "@/lib/logger";

import { getPaymentGateway, type Executor, type PaymentGateway, type SubscriptionState } from "./gateway";

/**
 * Whether a subscription in this state gives its licence's users access (ADR 020). Past due keeps
 * access while the provider retries the payment and the admin is asked to fix it; the provider
 * then moves the subscription to unpaid or canceled, which ends access.
 */
export function grantsAccess(status: string): boolean {
  return status === "active" || status === "trialing" || status === "past_due";
}

export type SyncResult = { licenseId: string; status: string; subscribed: boolean };

type SyncOptions = { db?: Executor; gateway?: PaymentGateway };

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db ? work(db) : getDb().transaction(work);
}

type Buyer = { id: string; licenseId: string | null; customerId: string | null };

/** The profile that bought the subscription: the one holding its customer, else the one named at checkout. */
async function findBuyer(tx: Executor, subscription: SubscriptionState): Promise<Buyer | null> {
  const columns = { id: profiles.id, licenseId: profiles.licenseId, customerId: profiles.customerId };
  const [byCustomer] = await tx
    .select(columns)
    .from(profiles)
    .where(eq(profiles.customerId, subscription.customerId));
  if (byCustomer) return byCustomer;
  const profileId = subscription.metadata.profileId;
  if (!profileId) return null;
  const [named] = await tx.select(columns).from(profiles).where(eq(profiles.id, profileId));
  if (named?.customerId) {
    // Another customer's profile: never hand this subscription to it.
    getLogger().warn(
      { subscriptionId: subscription.id, profileId },
      "subscription names a profile with another customer",
    );
    return null;
  }
  return named ?? null;
}

async function applySubscription(tx: Executor, subscription: SubscriptionState): Promise<SyncResult | null> {
  const subscribed = grantsAccess(subscription.status);
  const now = new Date();
  const organisation = subscription.metadata.organisation?.trim() || null;
  const state = {
    numberOfLicenses: Math.max(1, subscription.quantity),
    status: subscription.status,
    provider: subscription.provider,
    providerCustomerId: subscription.customerId,
    planId: subscription.planId,
    billingInterval: subscription.interval,
    currentPeriodEnd: subscription.currentPeriodEnd,
    updatedAt: now,
  };
  const buyer = await findBuyer(tx, subscription);
  const changes = organisation ? { ...state, organisation } : state;
  // Seats lowered below the users on the licence are allowed: the users stay, and the app asks the
  // admin to remove some (SPEC §2.15, SECURITY.md abuse case 13). The seat trigger guards joins only.
  const [licence] = buyer
    ? await tx
        .insert(licenses)
        .values({ ...state, organisation, providerSubscriptionId: subscription.id })
        .onConflictDoUpdate({ target: licenses.providerSubscriptionId, set: changes })
        .returning({ licenseId: licenses.licenseId })
    : // Without a buyer of ours (another product on the same Stripe account, or an account since
      // deleted) an existing licence still follows the provider, but no licence is created.
      await tx
        .update(licenses)
        .set(changes)
        .where(eq(licenses.providerSubscriptionId, subscription.id))
        .returning({ licenseId: licenses.licenseId });
  if (!licence) {
    getLogger().warn({ subscriptionId: subscription.id }, "subscription has no buyer here: ignored");
    return null;
  }
  const licenseId = licence.licenseId;

  // A lapsed subscription never pulls its buyer off a licence they have moved to since.
  if (buyer && (subscribed || buyer.licenseId === null || buyer.licenseId === licenseId)) {
    await tx
      .update(profiles)
      .set({
        admin: true,
        delegate: false,
        licenseId,
        customerId: buyer.customerId ?? subscription.customerId,
        updatedAt: now,
      })
      .where(eq(profiles.id, buyer.id));
  }

  await tx
    .update(profiles)
    .set({ isSubscribed: subscribed, updatedAt: now })
    .where(and(eq(profiles.licenseId, licenseId), ne(profiles.isSubscribed, subscribed)));

  getLogger().info(
    {
      subscriptionId: subscription.id,
      licenseId,
      status: subscription.status,
      seats: state.numberOfLicenses,
    },
    "subscription synced",
  );
  return { licenseId, status: subscription.status, subscribed };
}

/**
 * The one way subscription state reaches our tables (SECURITY.md R19, R20): re-reads the subscription
 * from the provider, never from an event's payload, and in one transaction creates or updates its
 * licence (found by the provider's subscription id) and the profiles on it. Runs for the webhook, the
 * return from checkout, the test checkout's Pay and the test portal. Concurrent syncs of one
 * subscription queue on a lock and each reads the provider after the previous one committed, so any
 * number of events in any order end in the provider's current state.
 */
export async function syncSubscription(
  subscriptionId: string,
  options: SyncOptions = {},
): Promise<SyncResult | null> {
  const gateway = options.gateway ?? getPaymentGateway();
  return inTransaction(options.db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`subscription:${subscriptionId}`}, 0))`,
    );
    const subscription = await gateway.retrieveSubscription(subscriptionId, tx);
    if (!subscription) {
      getLogger().warn({ subscriptionId }, "subscription not found at the payment provider");
      return null;
    }
    return applySubscription(tx, subscription);
  });
}

/**
 * Fulfils a checkout: once the provider says the session is complete, syncs its subscription.
 * The webhook's `checkout.session.completed`, the return page and the test checkout's Pay all call it.
 */
export async function syncCheckoutSession(
  sessionId: string,
  options: SyncOptions = {},
): Promise<SyncResult | null> {
  const gateway = options.gateway ?? getPaymentGateway();
  return inTransaction(options.db, async (tx) => {
    const session = await gateway.retrieveCheckoutSession(sessionId, tx);
    if (session?.status !== "complete" || !session.subscriptionId) return null;
    return syncSubscription(session.subscriptionId, { db: tx, gateway });
  });
}
