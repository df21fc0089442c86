import "server-only";

import { getDb } from "@/db/client";
import { webhookEvents } from "@/db/schema";
import { getLogger } from "@/lib/logger";

import { getPaymentGateway, WebhookSignatureError, type WebhookEvent } from "./gateway";
import { notifyPaymentFailed } from "./notifications";
import { syncCheckoutSession, syncSubscription, type SyncResult } from "./sync";

export const handledEventTypes = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/**
 * A payment-provider webhook (SECURITY.md R19, abuse case 6): the signature is checked on the raw
 * body, then the event id is stored in the same transaction as the event's effect, so a redelivery —
 * one after the other or at the same moment — is acknowledged and ignored, and a failure part-way
 * leaves no trace and the provider's retry succeeds. The effect is always `syncSubscription()`.
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

  const outcome = await getDb().transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: gateway.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return { duplicate: true as const };
    let result: SyncResult | null = null;
    if (event.type === "checkout.session.completed") {
      if (event.objectId) result = await syncCheckoutSession(event.objectId, { db: tx, gateway });
    } else if (event.subscriptionId) {
      result = await syncSubscription(event.subscriptionId, { db: tx, gateway });
    }
    return { duplicate: false as const, result };
  });

  if (outcome.duplicate) {
    log.info({ eventId: event.id, type: event.type }, "webhook event already handled");
    return { status: 200, body: { received: true, duplicate: true } };
  }
  log.info(
    { eventId: event.id, type: event.type, licenseId: outcome.result?.licenseId },
    "webhook event handled",
  );
  if (event.type === "invoice.payment_failed" && outcome.result)
    await notifyPaymentFailed(outcome.result.licenseId);
  return { status: 200, body: { received: true } };
}
