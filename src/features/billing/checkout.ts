import "server-only";

import { eq, and, isNull } from "drizzle-orm";
import { redirect } from "next/navigation";

import { getDb } from "@/db/client";
import { profiles } from "@/db/schema";
import { consumeRateLimit } from "@/lib/security/rate-limit";
import { defaultLandingPath } from "@/lib/paths";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import { getCurrentUser, type CurrentUser } from "@/lib/session";

import { getPaymentGateway, PaymentProviderUnavailableError, type PaymentGateway } from "./gateway";
import { sessionIdPlaceholder } from "./gateway/test-provider";
import { idempotencyKey } from "./idempotency";
import { findPlan } from "./plans";
import type { checkoutSchema } from "./schemas";
import { syncCheckoutSession } from "./sync";
import { trialEligibility } from "./trial";
import { trialDays } from "./trial-terms";
import type { z } from "zod";

/** Where the provider sends the payer back. Success carries the session id, so the page syncs first. */
export const paymentSuccessPath = `${defaultLandingPath}?paymentSuccess=true`;
export const paymentCancelledPath = "/payment/cancelled";

/** Checkouts one user may start per hour: plenty for changing their mind, not for flooding the provider. */
const checkoutsPerHour = 10;

/**
 * The provider's failures in our own words (product §8): 'Failed to load' + the provider's name when it
 * cannot be reached, otherwise that checkout failed. What the provider said goes to our log only, as
 * the error's cause (docs/security.md R21): its messages can name objects, keys and modes of our account.
 */
export function toCheckoutError(error: unknown, gateway: PaymentGateway): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof PaymentProviderUnavailableError)
    return new AppError("unavailable", `Failed to load ${gateway.displayName}`, { cause: error });
  return new AppError("unavailable", "Checkout failed. Please try again in a few minutes.", { cause: error });
}

/**
 * The buyer's customer at the payment provider: created on their first checkout and kept in
 * `profiles.customer_id`, which only the server writes. Two checkouts at once keep the first stored.
 */
async function ensureCustomer(gateway: PaymentGateway, user: CurrentUser): Promise<string> {
  const stored = async () =>
    (
      await getDb().select({ customerId: profiles.customerId }).from(profiles).where(eq(profiles.id, user.id))
    )[0]?.customerId ?? null;
  const existing = await stored();
  if (existing) return existing;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await gateway.createCustomer({ profileId: user.id, email: user.email, name });
  await getDb()
    .update(profiles)
    .set({ customerId: customer.id, updatedAt: new Date() })
    .where(and(eq(profiles.id, user.id), isNull(profiles.customerId)));
  const customerId = await stored();
  if (!customerId) throw new AppError("not_found", "Customer ID not found");
  return customerId;
}

/** The same choice by the same user within ten minutes is the same checkout (R23: a double submit). */
const checkoutWindowMs = 600_000;

/**
 * Starts a hosted checkout for the signed-in user (product §4 "Checkout"): the plan's seats as the
 * quantity, and who bought what in the metadata that fulfilment reads back from the provider. With
 * `trial`, the checkout starts the free trial (ADR 190), refused with the reason to anyone who has
 * had one: they are offered the plans instead.
 */
export async function startCheckoutFor(
  user: CurrentUser,
  input: z.output<typeof checkoutSchema>,
): Promise<{ url: string }> {
  if (user.subscribed)
    throw new AppError(
      "conflict",
      "You already have an active plan. Your licence admin can change it with Upgrade Plan in Manage Users.",
    );
  const plan = findPlan(input.planId)!;
  const allowed = await consumeRateLimit(`checkout:${user.id}`, {
    max: checkoutsPerHour,
    windowSeconds: 3600,
  });
  if (!allowed.allowed) throw new AppError("rate_limited");
  if (input.trial) {
    const eligibility = await trialEligibility(user);
    if (!eligibility.eligible)
      throw new AppError("conflict", eligibility.reason, { fieldErrors: { trial: [eligibility.reason] } });
  }

  const gateway = getPaymentGateway();
  const organisation = plan.seats > 1 ? input.organisation : undefined;
  const appUrl = getEnv().APP_URL;
  try {
    const customerId = await ensureCustomer(gateway, user);
    const session = await gateway.createCheckoutSession({
      customerId,
      planId: plan.id,
      interval: input.interval,
      seats: plan.seats,
      ...(input.trial && { trialDays }),
      metadata: {
        profileId: user.id,
        planId: plan.id,
        interval: input.interval,
        ...(organisation && { organisation }),
      },
      successUrl: `${appUrl}${paymentSuccessPath}&session_id=${sessionIdPlaceholder}`,
      cancelUrl: `${appUrl}${paymentCancelledPath}`,
      idempotencyKey: idempotencyKey(
        "checkout",
        { userId: user.id, input: { ...input, organisation } },
        checkoutWindowMs,
      ),
    });
    getLogger().info({ userId: user.id, planId: plan.id, sessionId: session.id }, "checkout started");
    return { url: session.url };
  } catch (error) {
    throw toCheckoutError(error, gateway);
  }
}

/**
 * The return from a paid checkout: syncs the subscription before the page renders, so the payer never
 * lands before the webhook has run, then drops the session id from the address. Only the payer's own
 * session is synced; a failure is logged and the page decides access from what is stored.
 */
export async function completeCheckoutReturn(sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string" || !sessionId) return;
  const user = await getCurrentUser();
  if (user && sessionId.length <= 255) {
    try {
      const gateway = getPaymentGateway();
      const session = await gateway.retrieveCheckoutSession(sessionId);
      if (session?.metadata.profileId === user.id) await syncCheckoutSession(sessionId, { gateway });
    } catch (error) {
      getLogger().error({ err: error, userId: user.id }, "checkout return sync failed");
    }
  }
  redirect(paymentSuccessPath);
}
