import "server-only";

import { count, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import { getLogger } from "@/lib/logger";

import { getPaymentGateway, type InvoiceSummary, type ProviderId } from "./gateway";
import { findPlan, type BillingInterval } from "./plans";

/** A licence's billing, as its admin's Billing section shows it. */
export type LicenceBilling = {
  organisation: string | null;
  seats: number;
  users: number;
  /**
   * The subscription behind the licence, as last synced from the provider; null for a licence we
   * set up ourselves, which has no billing account to manage.
   */
  subscription: {
    provider: ProviderId;
    customerId: string | null;
    planId: string | null;
    planName: string | null;
    interval: BillingInterval | null;
    status: string;
    currentPeriodEnd: Date | null;
    /** When its free trial ends or ended; null without one. */
    trialEnd: Date | null;
    /** Cancelled, ending at `currentPeriodEnd` with nothing more charged. */
    cancelAtPeriodEnd: boolean;
  } | null;
};

/** The Billing section's facts about a licence, read from our tables only (the caller's own licence). */
export async function getLicenceBilling(licenceId: string): Promise<LicenceBilling | null> {
  const db = getDb();
  const [licence] = await db.select().from(licences).where(eq(licences.licenceId, licenceId));
  if (!licence) return null;
  const [{ users }] = (await db
    .select({ users: count() })
    .from(profiles)
    .where(eq(profiles.licenceId, licenceId))) as [{ users: number }];
  const provider = licence.provider === "stripe" || licence.provider === "test" ? licence.provider : null;
  const interval =
    licence.billingInterval === "monthly" || licence.billingInterval === "annual"
      ? licence.billingInterval
      : null;
  return {
    organisation: licence.organisation,
    seats: licence.seats,
    users,
    subscription:
      provider && licence.providerSubscriptionId
        ? {
            provider,
            customerId: licence.providerCustomerId,
            planId: licence.planId,
            planName: licence.planId ? (findPlan(licence.planId)?.name ?? null) : null,
            interval,
            status: licence.status,
            currentPeriodEnd: licence.currentPeriodEnd,
            trialEnd: licence.trialEnd,
            cancelAtPeriodEnd: licence.cancelAtPeriodEnd,
          }
        : null,
  };
}

/**
 * The licence's latest invoices from its provider: `none` where the provider keeps none (the test
 * checkout), `unavailable` when the provider cannot be asked just now (the section still shows).
 */
export type LicenceInvoices =
  { state: "listed"; invoices: InvoiceSummary[] } | { state: "none" } | { state: "unavailable" };

export async function listLicenceInvoices(billing: LicenceBilling, limit = 12): Promise<LicenceInvoices> {
  const subscription = billing.subscription;
  const gateway = getPaymentGateway();
  if (!subscription?.customerId) return { state: "none" };
  // A licence bought through another provider than this process uses cannot be asked about here.
  if (subscription.provider !== gateway.provider) return { state: "unavailable" };
  try {
    const invoices = await gateway.listInvoices(subscription.customerId, limit);
    return invoices ? { state: "listed", invoices } : { state: "none" };
  } catch (error) {
    getLogger().warn({ err: error }, "invoices could not be listed");
    return { state: "unavailable" };
  }
}
