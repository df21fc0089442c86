import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { TestModeNotice } from "@/features/billing/components/test-mode-notice";
import { TestPortalForm } from "@/features/billing/components/test-portal-form";
import { manageUsersPath } from "@/features/billing/notifications";
import { findPlan } from "@/features/billing/plans";
import { getTestPortal } from "@/features/billing/test-mode";
import { requireUser } from "@/lib/session";
import { formatUkDate } from "@/lib/tariff-vocabulary";

export const metadata: Metadata = { title: "Test billing portal", robots: { index: false } };

/** The local test billing portal, standing in for Stripe's when no Stripe key is set: admins only. */
export default async function TestPortalPage() {
  const user = await requireUser("/payment/test-portal");
  const portal = await getTestPortal(user);
  if (!portal) {
    return (
      <PageContainer width="wide" className="max-w-xl space-y-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight">Test billing portal</h1>
        <p>You do not have permission for this page</p>
      </PageContainer>
    );
  }
  const plan = portal.planId ? findPlan(portal.planId) : undefined;
  return (
    <PageContainer width="wide" className="max-w-xl space-y-6 py-8">
      <TestModeNotice>
        This is the test billing portal, used while the site runs without a Stripe key. Changes here are
        applied at once and nothing is charged or refunded.
      </TestModeNotice>
      <h1 className="text-3xl font-bold tracking-tight">Test billing portal</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border p-4">
        <dt className="text-muted-foreground">Organisation</dt>
        <dd className="font-medium">{portal.organisation ?? "No Organisation"}</dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium">
          {plan?.name ?? "Custom"}
          {portal.interval ? `, billed ${portal.interval === "annual" ? "annually" : "monthly"}` : ""}
        </dd>
        <dt className="text-muted-foreground">Seats</dt>
        <dd className="font-medium" data-testid="portal-seats">
          {portal.seats}
        </dd>
        <dt className="text-muted-foreground">Users</dt>
        <dd className="font-medium">{portal.users}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="font-medium" data-testid="portal-status">
          {portal.status}
        </dd>
        {portal.trialEnd ? (
          <>
            <dt className="text-muted-foreground">Free trial ends</dt>
            <dd className="font-medium">{formatUkDate(portal.trialEnd)}</dd>
          </>
        ) : (
          portal.currentPeriodEnd && (
            <>
              <dt className="text-muted-foreground">Renews</dt>
              <dd className="font-medium">{formatUkDate(portal.currentPeriodEnd)}</dd>
            </>
          )
        )}
      </dl>
      {portal.trialEnd && (
        <p className="text-sm">
          End the trial now to see what happens when it ends: the test card chosen at checkout is charged and
          the plan carries on, or, for the declined test card, the trial ends unpaid and access ends.
        </p>
      )}
      <TestPortalForm
        seats={portal.seats}
        cancelled={portal.status === "canceled"}
        trialing={portal.status === "trialing"}
      />
      <Link className="inline-block underline underline-offset-2" href={manageUsersPath}>
        Return to Manage Users
      </Link>
    </PageContainer>
  );
}
