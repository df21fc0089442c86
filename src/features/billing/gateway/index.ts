import "server-only";

import Stripe from "stripe";

import { AppError } from "@/lib/errors";

import { paymentSettings } from "../config";
import { createStripeGateway } from "./stripe";
import { createTestGateway } from "./test-provider";
import type { PaymentGateway } from "./types";

export * from "./types";

let stripe: { key: string; client: Stripe } | undefined;

/** One Stripe client per key, created on first use (never at import, so `next build` needs no key). */
function stripeClient(secretKey: string): Stripe {
  if (stripe?.key !== secretKey) {
    stripe = {
      key: secretKey,
      client: new Stripe(secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: "TariffScope" },
      }),
    };
  }
  return stripe.client;
}

/**
 * The payment provider this process uses: Stripe with a key, otherwise the local test checkout where
 * it is allowed. Without either, payments are unavailable (and `npm start` refuses to start).
 */
export function getPaymentGateway(): PaymentGateway {
  const settings = paymentSettings();
  if (settings.provider === "none")
    throw new AppError("unavailable", "Payments are not set up on this server yet. Please contact us.");
  if (settings.provider === "test") return createTestGateway();
  return createStripeGateway(stripeClient(settings.secretKey), settings);
}
