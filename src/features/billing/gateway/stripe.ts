import "server-only";

import type Stripe from "stripe";

import type { StripePriceIds } from "../config";
import { findPlan, type BillingInterval, type Plan } from "../plans";
import {
  checkoutStatus,
  PaymentProviderError,
  PaymentProviderUnavailableError,
  WebhookSignatureError,
  type CheckoutSessionState,
  type PaymentGateway,
  type SubscriptionState,
  type WebhookEvent,
} from "./types";

/** The few parts of the Stripe client we use (tests stand in a fake with the same shape). */
export type StripeClient = Pick<
  Stripe,
  "customers" | "checkout" | "subscriptions" | "billingPortal" | "invoices" | "webhooks"
>;

/** Stripe's own recommendation: reject events older than five minutes (docs/security.md R19). */
export const webhookToleranceSeconds = 300;

const displayName = "Stripe";

/** Errors that mean Stripe is unreachable or will not talk to us, as opposed to refusing this request. */
const unavailableTypes = new Set([
  "StripeConnectionError",
  "StripeAPIError",
  "StripeAuthenticationError",
  "StripePermissionError",
  "StripeRateLimitError",
]);

type StripeErrorLike = { type?: unknown; code?: unknown; message?: unknown; requestId?: unknown };

/** Keys and links Stripe may quote back in a message: never written to our log. */
const secrets = [/\b(sk|rk|pk)_(live|test)_[\w*]+/g, /\bwhsec_\w+/g, /\bhttps?:\/\/\S+/g];

/** What Stripe said, for our log: its error type and code, the request id to look it up, and its message. */
export function describeStripeError(error: StripeErrorLike): string {
  const message = secrets.reduce(
    (text, pattern) => text.replace(pattern, "[redacted]"),
    typeof error.message === "string" ? error.message : "",
  );
  const code = typeof error.code === "string" ? ` ${error.code}` : "";
  const request = typeof error.requestId === "string" ? ` (${error.requestId})` : "";
  return `${String(error.type)}${code}${request}: ${message}`;
}

/**
 * Runs one Stripe call and turns Stripe's errors into the gateway's two kinds, whose messages keep
 * what Stripe said for our log without the error object itself (it holds the raw response).
 */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const stripeError = (error ?? {}) as StripeErrorLike;
    const { type } = stripeError;
    if (typeof type !== "string" || !type.startsWith("Stripe")) throw error;
    if (unavailableTypes.has(type))
      throw new PaymentProviderUnavailableError(displayName, describeStripeError(stripeError));
    const code = typeof stripeError.code === "string" ? stripeError.code : null;
    throw new PaymentProviderError(describeStripeError(stripeError), code);
  }
}

function isMissingResource(error: unknown): boolean {
  return error instanceof PaymentProviderError && error.code === "resource_missing";
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function planOfPrice(
  priceIds: StripePriceIds,
  priceId: string | undefined,
): { planId: Plan["id"]; interval: BillingInterval } | null {
  for (const [planId, byInterval] of Object.entries(priceIds) as [
    Plan["id"],
    Record<BillingInterval, string>,
  ][]) {
    for (const [interval, id] of Object.entries(byInterval) as [BillingInterval, string][]) {
      if (id === priceId) return { planId, interval };
    }
  }
  return null;
}

function planOfMetadata(
  metadata: Record<string, string>,
): { planId: Plan["id"]; interval: BillingInterval } | null {
  const plan = findPlan(metadata.planId ?? "");
  const interval = metadata.interval;
  if (!plan || (interval !== "monthly" && interval !== "annual")) return null;
  return { planId: plan.id, interval };
}

function toSubscriptionState(subscription: Stripe.Subscription, priceIds: StripePriceIds): SubscriptionState {
  const items = subscription.items.data;
  // Since API version 2025-03-31 the billing period lives on each item, not on the subscription.
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === "number");
  const metadata = subscription.metadata ?? {};
  // The price says what is being paid for now (it changes when a plan is switched in the portal);
  // the checkout's metadata is only a fallback.
  const plan = planOfPrice(priceIds, items[0]?.price?.id) ?? planOfMetadata(metadata);
  return {
    id: subscription.id,
    provider: "stripe",
    status: subscription.status,
    quantity: items[0]?.quantity ?? 1,
    currentPeriodEnd: periodEnds.length ? new Date(Math.max(...periodEnds) * 1000) : null,
    customerId: idOf(subscription.customer)!,
    metadata,
    planId: plan?.planId ?? null,
    interval: plan?.interval ?? null,
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    // A cancellation at a set time (cancel_at) ends the subscription just the same.
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
  };
}

/** The subscription an invoice belongs to, wherever this API version keeps it. */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as {
    subscription_details?: { subscription?: string | { id: string } };
  } | null;
  return (
    idOf(parent?.subscription_details?.subscription) ??
    idOf(invoice.subscription as string | { id: string } | null | undefined)
  );
}

function toWebhookEvent(event: Stripe.Event): WebhookEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const objectId = typeof object.id === "string" ? object.id : null;
  let subscriptionId: string | null = null;
  if (event.type.startsWith("customer.subscription.")) subscriptionId = objectId;
  else if (event.type.startsWith("invoice.")) subscriptionId = invoiceSubscriptionId(object);
  return { id: event.id, type: event.type, objectId, subscriptionId };
}

export function createStripeGateway(
  client: StripeClient,
  settings: { webhookSecret: string; priceIds: StripePriceIds },
): PaymentGateway {
  return {
    provider: "stripe",
    displayName,

    async createCustomer({ profileId, email, name }) {
      const customer = await call(() =>
        client.customers.create(
          { email, name, metadata: { profileId } },
          { idempotencyKey: `customer-${profileId}` },
        ),
      );
      return { id: customer.id };
    },

    async createCheckoutSession(request) {
      const metadata: Record<string, string> = { ...request.metadata };
      const session = await call(() =>
        client.checkout.sessions.create(
          {
            mode: "subscription",
            customer: request.customerId,
            client_reference_id: request.metadata.profileId,
            line_items: [
              { price: settings.priceIds[request.planId][request.interval], quantity: request.seats },
            ],
            allow_promotion_codes: true,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata,
            // A trial still takes the card now (payment_method_collection "always", Stripe's default,
            // stated so it cannot drift); nothing is charged until the trial ends. Should the card be
            // removed during the trial, the subscription is cancelled at its end rather than invoiced.
            payment_method_collection: "always",
            subscription_data: {
              metadata,
              ...(request.trialDays && {
                trial_period_days: request.trialDays,
                trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
              }),
            },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id): Promise<CheckoutSessionState | null> {
      try {
        const session = await call(() => client.checkout.sessions.retrieve(id));
        return {
          id: session.id,
          status: checkoutStatus(session.status),
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          metadata: session.metadata ?? {},
        };
      } catch (error) {
        if (isMissingResource(error)) return null;
        throw error;
      }
    },

    async retrieveSubscription(id) {
      try {
        return toSubscriptionState(await call(() => client.subscriptions.retrieve(id)), settings.priceIds);
      } catch (error) {
        if (isMissingResource(error)) return null;
        throw error;
      }
    },

    async createPortalSession({ customerId, returnUrl, idempotencyKey }) {
      const session = await call(() =>
        client.billingPortal.sessions.create(
          { customer: customerId, return_url: returnUrl },
          { idempotencyKey },
        ),
      );
      return { url: session.url };
    },

    async listInvoices(customerId, limit) {
      const invoices = await call(() => client.invoices.list({ customer: customerId, limit }));
      return invoices.data.map((invoice) => ({
        id: invoice.id ?? "",
        number: invoice.number ?? null,
        issuedAt: new Date(invoice.created * 1000),
        totalPence: invoice.total,
        currency: invoice.currency,
        status: invoice.status ?? null,
        url: invoice.hosted_invoice_url ?? null,
      }));
    },

    webhooks: {
      constructEvent(rawBody, signature) {
        if (!signature) throw new WebhookSignatureError("missing");
        let event: Stripe.Event;
        try {
          event = client.webhooks.constructEvent(
            rawBody,
            signature,
            settings.webhookSecret,
            webhookToleranceSeconds,
          );
        } catch (error) {
          const stale = /tolerance/i.test(String((error as Error)?.message));
          throw new WebhookSignatureError(stale ? "stale" : "invalid", { cause: error });
        }
        return toWebhookEvent(event);
      },
    },
  };
}
