import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { webhookEvents } from "@/db/schema";
import { getLogger } from "@/lib/logger";

import { getPaymentGateway, WebhookSignatureError, type PaymentGateway, type WebhookEvent } from "./gateway";
import { notifyPaymentFailed } from "./notifications";
import { notifyTrialEnding } from "./trial";
import {
  readCheckoutSession,
  readSubscription,
  writeSubscriptionRead,
  type SubscriptionRead,
  type SyncResult,
} from "./sync";

export const handledEventTypes = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
]);

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/** What the event concerns, as the provider holds it now: the event's own copy is never trusted. */
async function readEventSubject(
  event: WebhookEvent,
  gateway: PaymentGateway,
): Promise<SubscriptionRead | null> {
  if (event.type === "checkout.session.completed")
    return event.objectId ? readCheckoutSession(event.objectId, gateway) : null;
  return event.subscriptionId ? readSubscription(event.subscriptionId, gateway) : null;
}

/**
 * A payment-provider webhook (docs/security.md R19, abuse case 6): the signature is checked on the raw
 * body, the subscription is re-read from the provider (outside any transaction, ADR 038), then the
 * event id is stored in the same short transaction as the event's effect, so a redelivery — one after
 * the other or at the same moment — is acknowledged and ignored, and a failure part-way leaves no
 * trace and the provider's retry succeeds. The effect is always `syncSubscription()`'s write.
 */
export async function receiveWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookAnswer> {
  const gateway = getPaymentGateway();
  if (!gateway.webhooks)
    return { status: 404, body: { error: { code: "not_found", message: "Not found." } } };
  const log = getLogger().child({ route: "webhooks.stripe" });

  let event: WebhookEvent;
  try {
    event = gateway.webhooks.constructEvent(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    log.warn({ reason: error.reason }, "webhook refused: bad signature");
    return { status: 400, body: { error: { code: "validation", message: "Invalid signature." } } };
  }

  if (!handledEventTypes.has(event.type)) return { status: 200, body: { received: true } };

  const duplicate = () => {
    log.info({ eventId: event.id, type: event.type }, "webhook event already handled");
    return { status: 200, body: { received: true, duplicate: true } };
  };
  // A redelivery of a handled event costs no call to the provider.
  const [handled] = await getDb()
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id));
  if (handled) return duplicate();

  const read = await readEventSubject(event, gateway);
  const outcome = await getDb().transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: gateway.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return { duplicate: true as const };
    const result: SyncResult | null = read ? await writeSubscriptionRead(tx, read) : null;
    return { duplicate: false as const, result };
  });

  if (outcome.duplicate) return duplicate();
  log.info(
    { eventId: event.id, type: event.type, licenseId: outcome.result?.licenceId },
    "webhook event handled",
  );
  if (event.type === "invoice.payment_failed" && outcome.result)
    await notifyPaymentFailed(outcome.result.licenceId);
  // Three days before a trial ends. The licence was just written from the provider's current state,
  // and the reminder goes only while it is still trialing and not cancelled: a late event after the
  // trial converted or was cancelled sends nothing (ADR 190).
  if (event.type === "customer.subscription.trial_will_end" && outcome.result)
    await notifyTrialEnding(outcome.result.licenceId);
  return { status: 200, body: { received: true } };
}
