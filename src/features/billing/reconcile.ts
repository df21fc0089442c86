import "server-only";

import { and, asc, count, eq, gt, isNotNull, ne } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import type { Job } from "@/lib/jobs";
import { getLogger } from "@/lib/logger";
import { grantsAccess } from "@/lib/subscription-status";

import { getPaymentGateway, type PaymentGateway, type SubscriptionState } from "./gateway";
import { syncSubscription } from "./sync";

/**
 * The daily reconciliation (docs/security.md R19, ADR 040): every licence with a subscription is compared
 * with that subscription at the provider, and any drift (a lost or failed webhook, a change made while
 * the app was down) is repaired by `syncSubscription()`, the one way provider state reaches our tables.
 * It sends no e-mail: the webhook tells admins about failed payments, once per event.
 */

/** What a licence holds that must match its subscription, as text for the report. */
type Held = {
  status: string;
  seats: string;
  plan: string;
  interval: string;
  "period end": string;
  "users with the wrong access": string;
};

export type LicenceChange = { field: keyof Held; from: string; to: string };

export type LicenceOutcome = {
  licenceId: string;
  subscriptionId: string;
  organisation: string | null;
  changes: LicenceChange[];
};

/** An outcome as the log writes it: the log's field names stay as they were. */
function logged({ licenceId, ...outcome }: LicenceOutcome) {
  return { licenseId: licenceId, ...outcome };
}

export type ReconcileReport = {
  provider: string;
  checked: number;
  inStep: number;
  /** Licences that drifted: repaired, or in a dry run what a repair would change. */
  drifted: LicenceOutcome[];
  /** Subscriptions the provider does not know: left as they are, for someone to look into. */
  missing: LicenceOutcome[];
  failed: (LicenceOutcome & { error: string })[];
  /** Licences paid through the other provider (the test checkout's, on Stripe), left alone. */
  otherProvider: number;
};

type Licence = typeof licences.$inferSelect;

const pageSize = 100;

function text(value: string | number | Date | null): string {
  if (value === null) return "none";
  return value instanceof Date ? value.toISOString() : String(value);
}

async function usersWithWrongAccess(licence: Licence, status: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.licenceId, licence.licenceId), ne(profiles.isSubscribed, grantsAccess(status))));
  return row?.n ?? 0;
}

async function heldByLicence(licence: Licence): Promise<Held> {
  return {
    status: licence.status,
    seats: text(licence.seats),
    plan: text(licence.planId),
    interval: text(licence.billingInterval),
    "period end": text(licence.currentPeriodEnd),
    "users with the wrong access": text(await usersWithWrongAccess(licence, licence.status)),
  };
}

/** What the licence holds after a sync of this subscription (see `applySubscription`). */
function heldBySubscription(subscription: SubscriptionState): Held {
  return {
    status: subscription.status,
    seats: text(Math.max(1, subscription.quantity)),
    plan: text(subscription.planId),
    interval: text(subscription.interval),
    "period end": text(subscription.currentPeriodEnd),
    "users with the wrong access": "0",
  };
}

function differences(before: Held, after: Held): LicenceChange[] {
  return (Object.keys(before) as (keyof Held)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

async function licenceById(licenceId: string): Promise<Licence> {
  const [licence] = await getDb().select().from(licences).where(eq(licences.licenceId, licenceId));
  return licence!;
}

async function licencesWithSubscriptions(provider: string, after: string | null): Promise<Licence[]> {
  return getDb()
    .select()
    .from(licences)
    .where(
      and(
        isNotNull(licences.providerSubscriptionId),
        eq(licences.provider, provider),
        after ? gt(licences.licenceId, after) : undefined,
      ),
    )
    .orderBy(asc(licences.licenceId))
    .limit(pageSize);
}

async function countOtherProviders(provider: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(licences)
    .where(and(isNotNull(licences.providerSubscriptionId), ne(licences.provider, provider)));
  return row?.n ?? 0;
}

/**
 * One pass over every licence with a subscription at this process's provider. With `repair: false`
 * it only reports what a repair would change. Each licence is read, compared and repaired on its own:
 * no transaction is held while the provider is asked (ADR 038), and a failure on one licence is
 * logged and reported without stopping the pass.
 */
export async function reconcileSubscriptions(
  options: { gateway?: PaymentGateway; repair?: boolean } = {},
): Promise<ReconcileReport> {
  const gateway = options.gateway ?? getPaymentGateway();
  const repair = options.repair ?? true;
  const log = getLogger().child({ task: "billing.reconcile", provider: gateway.provider });
  const report: ReconcileReport = {
    provider: gateway.displayName,
    checked: 0,
    inStep: 0,
    drifted: [],
    missing: [],
    failed: [],
    otherProvider: await countOtherProviders(gateway.provider),
  };

  for (let page = await licencesWithSubscriptions(gateway.provider, null); page.length > 0;) {
    for (const licence of page) {
      const outcome: LicenceOutcome = {
        licenceId: licence.licenceId,
        subscriptionId: licence.providerSubscriptionId!,
        organisation: licence.organisation,
        changes: [],
      };
      report.checked += 1;
      try {
        const subscription = await gateway.retrieveSubscription(outcome.subscriptionId);
        if (!subscription) {
          log.warn(
            logged(outcome),
            "licence's subscription not found at the payment provider: left as it is",
          );
          report.missing.push(outcome);
          continue;
        }
        const before = await heldByLicence(licence);
        outcome.changes = differences(before, heldBySubscription(subscription));
        if (outcome.changes.length > 0 && repair) {
          await syncSubscription(outcome.subscriptionId, { gateway });
          // What the sync changed: the provider may have moved on since the comparison.
          outcome.changes = differences(before, await heldByLicence(await licenceById(licence.licenceId)));
          if (outcome.changes.length > 0) log.info(logged(outcome), "licence repaired from its subscription");
        }
        if (outcome.changes.length > 0) report.drifted.push(outcome);
        else report.inStep += 1;
      } catch (error) {
        log.error({ err: error, ...logged(outcome) }, "licence could not be reconciled");
        report.failed.push({ ...outcome, error: error instanceof Error ? error.message : String(error) });
      }
    }
    page = await licencesWithSubscriptions(gateway.provider, page.at(-1)!.licenceId);
  }

  log.info(
    {
      checked: report.checked,
      inStep: report.inStep,
      drifted: report.drifted.length,
      missing: report.missing.length,
      failed: report.failed.length,
      repair,
    },
    "billing reconciliation finished",
  );
  return report;
}

/** The daily run, on the job queue: one process runs it, and a pass with failures is tried again. */
export function billingReconcileJob(schedule: string): Job {
  return {
    name: "billing-reconcile",
    schedule,
    timeoutSeconds: 60 * 60,
    retries: { limit: 2, delaySeconds: 30 * 60 },
    run: async () => {
      const report = await reconcileSubscriptions();
      if (report.failed.length > 0)
        throw new Error(`${report.failed.length} of ${report.checked} licences could not be reconciled`);
    },
  };
}
