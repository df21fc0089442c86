import type { BillingInterval, Plan } from "../plans";

export type ProviderId = "stripe" | "test";

/** What we attach to a checkout and its subscription, so fulfilment knows who bought what. */
export type CheckoutMetadata = {
  profileId: string;
  planId: Plan["id"];
  interval: BillingInterval;
  organisation?: string;
};

export type CheckoutRequest = {
  customerId: string;
  planId: Plan["id"];
  interval: BillingInterval;
  /** The number of seats, sent as the line item's quantity. */
  seats: number;
  /**
   * A free trial of this many days: the card is taken at checkout and nothing is charged until the
   * trial ends (ADR 190). Absent for a checkout that charges at once.
   */
  trialDays?: number;
  metadata: CheckoutMetadata;
  successUrl: string;
  cancelUrl: string;
  /** The same key for the same request within a few minutes: a double submit makes one session. */
  idempotencyKey: string;
};

export type CheckoutSessionState = {
  id: string;
  status: "open" | "complete" | "expired";
  customerId: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
};

/** A subscription as the provider holds it now; the only source of our licences' state (R20). */
export type SubscriptionState = {
  id: string;
  provider: ProviderId;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
  status: string;
  quantity: number;
  currentPeriodEnd: Date | null;
  customerId: string;
  metadata: Record<string, string>;
  planId: Plan["id"] | null;
  interval: BillingInterval | null;
  /** When its free trial ends or ended; null for a subscription that had none. */
  trialEnd: Date | null;
  /** Cancelled, ending at `currentPeriodEnd` with nothing more charged. */
  cancelAtPeriodEnd: boolean;
};

/** An invoice as the admin's Billing section lists it; `url` is the provider's page for it. */
export type InvoiceSummary = {
  id: string;
  number: string | null;
  issuedAt: Date;
  /** In the currency's minor unit (pence for GBP). */
  totalPence: number;
  currency: string;
  status: string | null;
  url: string | null;
};

/** A verified webhook event, reduced to what we act on. Its payload's state is never trusted. */
export type WebhookEvent = {
  id: string;
  type: string;
  /** The id of the event's object (a checkout session, a subscription or an invoice). */
  objectId: string | null;
  /** For subscription and invoice events, the subscription they concern. */
  subscriptionId: string | null;
};

/**
 * The payment provider, behind one small interface: Stripe, or the local test checkout. Every method
 * may go over the network, so none is ever called inside a database transaction (ADR 038).
 */
export interface PaymentGateway {
  readonly provider: ProviderId;
  /** For messages: "Stripe" or "the test checkout". */
  readonly displayName: string;
  createCustomer(input: { profileId: string; email: string; name?: string }): Promise<{ id: string }>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState | null>;
  retrieveSubscription(id: string): Promise<SubscriptionState | null>;
  createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    /** The same key for the same admin within a minute: a double click opens one session. */
    idempotencyKey: string;
  }): Promise<{ url: string }>;
  /** The customer's latest invoices, newest first; null for a provider that issues none (the test checkout). */
  listInvoices(customerId: string, limit: number): Promise<InvoiceSummary[] | null>;
  /**
   * Verifies a webhook's signature on the raw body and parses it; null for a provider that sends
   * no webhooks (the test checkout). Throws `WebhookSignatureError` on a missing, wrong or stale one.
   */
  readonly webhooks: {
    constructEvent(rawBody: Buffer, signature: string | null): WebhookEvent;
  } | null;
}

/**
 * The provider failed a request. The message is for our log only and never shown to anyone
 * (docs/security.md R21): it carries the provider's own detail, with keys and links taken out.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The provider's error code, such as `resource_missing`. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** The provider could not be reached or refused our credentials: users see "Failed to load Stripe". */
export class PaymentProviderUnavailableError extends PaymentProviderError {
  constructor(
    readonly providerName: string,
    detail: string,
  ) {
    super(`${providerName} unavailable: ${detail}`);
    this.name = "PaymentProviderUnavailableError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: "missing" | "invalid" | "stale",
    options?: { cause?: unknown },
  ) {
    super(`webhook signature ${reason}`, options);
    this.name = "WebhookSignatureError";
  }
}

/** A checkout session's status in our three words; anything unknown is still open. */
export function checkoutStatus(value: string | null | undefined): CheckoutSessionState["status"] {
  return value === "complete" || value === "expired" ? value : "open";
}
