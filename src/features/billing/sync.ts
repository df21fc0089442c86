import "server-only";

import { and, eq, lt, ne, sql } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { licences, profiles, subscriptionReads, trials } from "@/db/schema";
import { getLogger } from "@/lib/logger";
import { grantsAccess } from "@/lib/subscription-status";

import { getPaymentGateway, type PaymentGateway, type SubscriptionState } from "./gateway";

export type SyncResult = { licenceId: string; status: string; subscribed: boolean };

type SyncOptions = { gateway?: PaymentGateway };

type Buyer = { id: string; email: string; licenceId: string | null; customerId: string | null };

/** The profile that bought the subscription: the one holding its customer, else the one named at checkout. */
async function findBuyer(tx: Transaction, subscription: SubscriptionState): Promise<Buyer | null> {
  const columns = {
    id: profiles.id,
    email: profiles.email,
    licenceId: profiles.licenceId,
    customerId: profiles.customerId,
  };
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

async function applySubscription(
  tx: Transaction,
  subscription: SubscriptionState,
): Promise<SyncResult | null> {
  const subscribed = grantsAccess(subscription.status);
  const now = new Date();
  const organisation = subscription.metadata.organisation?.trim() || null;
  const state = {
    seats: Math.max(1, subscription.quantity),
    status: subscription.status,
    provider: subscription.provider,
    providerCustomerId: subscription.customerId,
    planId: subscription.planId,
    billingInterval: subscription.interval,
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialEnd: subscription.trialEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    updatedAt: now,
  };
  const buyer = await findBuyer(tx, subscription);
  const changes = organisation ? { ...state, organisation } : state;
  // Seats lowered below the users on the licence are allowed: the users stay, and the app asks the
  // admin to remove some (product §2.15, docs/security.md abuse case 13). The seat trigger guards joins only.
  const [licence] = buyer
    ? await tx
        .insert(licences)
        .values({ ...state, organisation, providerSubscriptionId: subscription.id })
        .onConflictDoUpdate({ target: licences.providerSubscriptionId, set: changes })
        .returning({ licenceId: licences.licenceId })
    : // Without a buyer of ours (another product on the same Stripe account, or an account since
      // deleted) an existing licence still follows the provider, but no licence is created.
      await tx
        .update(licences)
        .set(changes)
        .where(eq(licences.providerSubscriptionId, subscription.id))
        .returning({ licenceId: licences.licenceId });
  if (!licence) {
    getLogger().warn({ subscriptionId: subscription.id }, "subscription has no buyer here: ignored");
    return null;
  }
  const licenceId = licence.licenceId;
  if (buyer) await recordTrial(tx, subscription, buyer, licenceId);

  // A lapsed subscription never pulls its buyer off a licence they have moved to since.
  if (buyer && (subscribed || buyer.licenceId === null || buyer.licenceId === licenceId)) {
    await tx
      .update(profiles)
      .set({
        admin: true,
        delegate: false,
        licenceId,
        customerId: buyer.customerId ?? subscription.customerId,
        updatedAt: now,
      })
      .where(eq(profiles.id, buyer.id));
  }

  await tx
    .update(profiles)
    .set({ isSubscribed: subscribed, updatedAt: now })
    .where(and(eq(profiles.licenceId, licenceId), ne(profiles.isSubscribed, subscribed)));

  getLogger().info(
    {
      subscriptionId: subscription.id,
      licenseId: licenceId,
      status: subscription.status,
      seats: state.seats,
    },
    "subscription synced",
  );
  return { licenceId, status: subscription.status, subscribed };
}

/**
 * Records a subscription's free trial when it reaches our tables, so that no second trial goes to
 * its buyer's address or profile, their payment customer or their licence (ADR 190). Kept when the
 * licence or account is gone.
 */
async function recordTrial(
  tx: Transaction,
  subscription: SubscriptionState,
  buyer: Buyer,
  licenceId: string,
): Promise<void> {
  if (!subscription.trialEnd) return;
  await tx
    .insert(trials)
    .values({
      provider: subscription.provider,
      subscriptionId: subscription.id,
      email: buyer.email.toLowerCase(),
      profileId: buyer.id,
      customerId: subscription.customerId,
      licenceId,
      endsAt: subscription.trialEnd,
    })
    .onConflictDoUpdate({ target: trials.subscriptionId, set: { endsAt: subscription.trialEnd } });
}

/**
 * A subscription as the provider answered, numbered in the order the reads started (see
 * `subscription_reads`); `subscription` is null when the provider does not know it.
 */
export type SubscriptionRead = {
  subscriptionId: string;
  readNumber: number;
  subscription: SubscriptionState | null;
};

/** Asks the provider for a subscription's current state. Never call it inside a transaction. */
export async function readSubscription(
  subscriptionId: string,
  gateway: PaymentGateway = getPaymentGateway(),
): Promise<SubscriptionRead> {
  const [numbered] = (await getDb().execute<{ n: string }>(sql`select nextval('subscription_read_seq') as n`))
    .rows;
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  return { subscriptionId, readNumber: Number(numbered!.n), subscription };
}

/** The subscription's licence as stored: what a sync reports when a newer read has already been written. */
async function storedResult(tx: Transaction, subscriptionId: string): Promise<SyncResult | null> {
  const [licence] = await tx
    .select({ licenceId: licences.licenceId, status: licences.status })
    .from(licences)
    .where(eq(licences.providerSubscriptionId, subscriptionId));
  return licence ? { ...licence, subscribed: grantsAccess(licence.status) } : null;
}

/**
 * Writes a read into our tables, inside the caller's (short) transaction: creates or updates its
 * licence, found by the provider's subscription id, and the profiles on it. Concurrent writes of one
 * subscription queue on its `subscription_reads` row, and a read that started before one already
 * written is dropped, so any number of syncs in any order end in the state the provider gave last.
 */
export async function writeSubscriptionRead(
  tx: Transaction,
  read: SubscriptionRead,
): Promise<SyncResult | null> {
  const { subscriptionId, readNumber, subscription } = read;
  if (!subscription) {
    getLogger().warn({ subscriptionId }, "subscription not found at the payment provider");
    return null;
  }
  const newest = await tx
    .insert(subscriptionReads)
    .values({ subscriptionId, readNumber })
    .onConflictDoUpdate({
      target: subscriptionReads.subscriptionId,
      set: { readNumber, writtenAt: new Date() },
      setWhere: lt(subscriptionReads.readNumber, readNumber),
    })
    .returning({ readNumber: subscriptionReads.readNumber });
  if (newest.length === 0) {
    getLogger().info({ subscriptionId }, "subscription read overtaken by a newer one: not written");
    return storedResult(tx, subscriptionId);
  }
  return applySubscription(tx, subscription);
}

/**
 * The one way subscription state reaches our tables (docs/security.md R19, R20): re-reads the subscription
 * from the provider, never from an event's payload, then writes it in one short transaction
 * (`writeSubscriptionRead`). Runs for the webhook, the return from checkout, the test checkout's Pay,
 * the test portal and the daily reconciliation. The provider is asked outside any transaction, so a
 * slow provider never holds row locks or a database connection (ADR 038).
 */
export async function syncSubscription(
  subscriptionId: string,
  options: SyncOptions = {},
): Promise<SyncResult | null> {
  const read = await readSubscription(subscriptionId, options.gateway);
  return getDb().transaction((tx) => writeSubscriptionRead(tx, read));
}

/**
 * A checkout's subscription, read from the provider once the provider says the session is complete;
 * null while it is not.
 */
export async function readCheckoutSession(
  sessionId: string,
  gateway: PaymentGateway = getPaymentGateway(),
): Promise<SubscriptionRead | null> {
  const session = await gateway.retrieveCheckoutSession(sessionId);
  if (session?.status !== "complete" || !session.subscriptionId) return null;
  return readSubscription(session.subscriptionId, gateway);
}

/**
 * Fulfils a checkout: once the provider says the session is complete, syncs its subscription.
 * The webhook's `checkout.session.completed`, the return page and the test checkout's Pay all call it.
 */
export async function syncCheckoutSession(
  sessionId: string,
  options: SyncOptions = {},
): Promise<SyncResult | null> {
  const read = await readCheckoutSession(sessionId, options.gateway);
  return read && getDb().transaction((tx) => writeSubscriptionRead(tx, read));
}
