import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";
import { TestCheckoutActions } from "@/features/billing/components/test-checkout-actions";
import { TestModeNotice } from "@/features/billing/components/test-mode-notice";
import { findPlan } from "@/features/billing/plans";
import { findTestCheckout } from "@/features/billing/test-mode";
import { trialEndsAt } from "@/features/billing/gateway/test-provider";
import { requireUser } from "@/lib/session";
import { formatPence, formatUkDate } from "@/lib/tariff-vocabulary";

export const metadata: Metadata = { title: "Test checkout", robots: { index: false } };

type Props = { params: Promise<{ session: string }> };

/** The local test checkout, standing in for Stripe's hosted page; only its payer may open it. */
export default async function TestCheckoutPage({ params }: Props) {
  const { session } = await params;
  const user = await requireUser(`/payment/test-checkout/${encodeURIComponent(session)}`);
  const checkout = await findTestCheckout(user, session);
  if (!checkout) notFound();
  const plan = findPlan(checkout.planId)!;
  const price = `${formatPence(plan.pricePence[checkout.interval])} ${checkout.interval === "monthly" ? "a month" : "a year"}`;
  // The trial runs from when it is started; shown as it would end if started now.
  const trialEnd = checkout.trialDays ? formatUkDate(trialEndsAt(checkout.trialDays)) : null;

  return (
    <PageContainer width="wide" className="max-w-xl space-y-6 py-8">
      <TestModeNotice>
        This is the test checkout, used while the site runs without a Stripe key. There are no card fields, no
        card is charged and no money moves.
      </TestModeNotice>
      <h1 className="text-3xl font-bold tracking-tight">Test payment</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border p-4">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium">{plan.name}</dd>
        <dt className="text-muted-foreground">Seats</dt>
        <dd className="font-medium">{checkout.seats}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd className="font-medium">{price}, excluding VAT</dd>
        {trialEnd && (
          <>
            <dt className="text-muted-foreground">Free trial</dt>
            <dd className="font-medium">
              {checkout.trialDays} days, until {trialEnd}. Nothing is charged today; the first payment is
              taken on {trialEnd} unless you cancel before then.
            </dd>
          </>
        )}
        {checkout.organisation && (
          <>
            <dt className="text-muted-foreground">Organisation</dt>
            <dd className="font-medium">{checkout.organisation}</dd>
          </>
        )}
      </dl>
      {checkout.status === "open" ? (
        <TestCheckoutActions
          sessionId={checkout.id}
          payLabel={trialEnd ? "Start free trial" : `Pay ${formatPence(plan.pricePence[checkout.interval])}`}
          cancelUrl={checkout.cancelUrl}
          trial={trialEnd !== null}
        />
      ) : (
        <div className="space-y-3">
          <p>
            {checkout.status === "complete"
              ? checkout.trialDays
                ? "This free trial has started."
                : "This checkout is paid."
              : "This checkout has expired."}
          </p>
          <Button asChild>
            <a href={checkout.status === "complete" ? checkout.successUrl : "/pricing/choose-your-plan"}>
              {checkout.status === "complete" ? "Continue" : "Choose a plan"}
            </a>
          </Button>
        </div>
      )}
    </PageContainer>
  );
}
