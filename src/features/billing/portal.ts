import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import type { CurrentUser } from "@/lib/session";

import { getPaymentGateway, PaymentProviderError, PaymentProviderUnavailableError } from "./gateway";
import { idempotencyKey } from "./idempotency";
import { manageUsersPath } from "./notifications";
import { operatorLicenceMessage } from "./operator-licence";

/** Clicks on Upgrade Plan within this window open the same portal session, well inside its lifetime. */
const portalWindowMs = 60_000;

/**
 * The payment-provider customer whose billing this user may manage: their licence's, worked out from
 * their own profile on the server. Nothing the browser sends is used (docs/security.md R2, R4).
 */
async function billingCustomerOf(userId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ own: profiles.customerId, licence: licences.providerCustomerId })
    .from(profiles)
    .leftJoin(licences, eq(licences.licenceId, profiles.licenceId))
    .where(eq(profiles.id, userId));
  return row?.licence ?? row?.own ?? null;
}

/**
 * A billing-portal session for a licence admin (product §6 "Upgrade Plan"). Admins whose payment has
 * lapsed still get in: the portal is where they fix it. The URL is a bearer credential for the
 * customer's billing: return it, never log it.
 */
export async function createPortalSessionFor(user: CurrentUser | null): Promise<{ url: string }> {
  if (!user) throw new AppError("unauthorized");
  if (!user.admin) throw new AppError("forbidden", "Only your licence admin can manage billing.");
  const customerId = await billingCustomerOf(user.id);
  // No customer: a licence we set up ourselves, which only we can change.
  if (!customerId) throw new AppError("not_found", operatorLicenceMessage);
  const gateway = getPaymentGateway();
  try {
    const returnUrl = new URL(manageUsersPath, getEnv().APP_URL).toString();
    const session = await gateway.createPortalSession({
      customerId,
      returnUrl,
      idempotencyKey: idempotencyKey("portal", { userId: user.id, customerId, returnUrl }, portalWindowMs),
    });
    getLogger().info({ userId: user.id, licenseId: user.licenceId }, "billing portal opened");
    return session;
  } catch (error) {
    // What the provider said is logged as the cause, never shown (docs/security.md R21).
    if (error instanceof PaymentProviderUnavailableError)
      throw new AppError("unavailable", `Failed to load ${gateway.displayName}`, { cause: error });
    if (error instanceof PaymentProviderError)
      throw new AppError(
        "unavailable",
        "The billing portal could not be opened. Please try again in a few minutes.",
        { cause: error },
      );
    throw error;
  }
}

/** Whose portal "Change plan or cancel" opens, for the Billing section to say. */
export function billingPortalName(): string {
  return getPaymentGateway().provider === "stripe" ? "Stripe's billing portal" : "the test billing portal";
}
