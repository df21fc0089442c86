import "server-only";

import { isTestCheckoutAllowed, parseEnv } from "@/lib/env";

import type { BillingInterval, Plan } from "./plans";

export type StripePriceIds = Record<Plan["id"], Record<BillingInterval, string>>;

export type PaymentSettings =
  | { provider: "stripe"; secretKey: string; webhookSecret: string; priceIds: StripePriceIds }
  | { provider: "test" }
  | { provider: "none" };

/**
 * Which payment provider serves this process: Stripe when STRIPE_SECRET_KEY is set, otherwise the
 * local test checkout where it is allowed (the embedded default, or TEST_CHECKOUT=1), otherwise
 * none: a real deployment without Stripe settings takes no payments rather than "paid" ones.
 * Read from `process.env` on every call (validated by `lib/env.ts`, which refuses a key without its
 * webhook secret and price ids), so tests can switch providers.
 */
export function paymentSettings(): PaymentSettings {
  const env = parseEnv(process.env);
  if (!env.STRIPE_SECRET_KEY) return isTestCheckoutAllowed(env) ? { provider: "test" } : { provider: "none" };
  return {
    provider: "stripe",
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    priceIds: env.STRIPE_PRICE_IDS!,
  };
}
