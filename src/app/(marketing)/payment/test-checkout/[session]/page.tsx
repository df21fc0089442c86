import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";
import { TestCheckoutActions } from "@/features/billing/components/test-checkout-actions";
import { TestModeNotice } from "@/features/billing/components/test-mode-notice";
import { findPlan } from "@/features/billing/plans";
import { findTestCheckout } from "@/features/billing/test-mode";
import { requireUser } from "@/lib/session";
import { formatPence } from "@/lib/tariff-vocabulary";

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
          payLabel={`Pay ${formatPence(plan.pricePence[checkout.interval])}`}
          cancelUrl={checkout.cancelUrl}
        />
      ) : (
        <div className="space-y-3">
          <p>{checkout.status === "complete" ? "This checkout is paid." : "This checkout has expired."}</p>
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
