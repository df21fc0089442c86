import { Check } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { annualSavingPercent, customPlanThreshold, plans } from "@/features/billing/plans";
import { trialDays, trialOffer } from "@/features/billing/trial-terms";
import { site } from "@/lib/site";
import { formatPence } from "@/lib/tariff-vocabulary";

export const metadata: Metadata = {
  title: "Pricing plans",
  description: `Single-user and multi-user ${site.name} plans for 2, 5 or 10 users, paid monthly or annually, and custom plans for larger pharmacy groups.`,
};

const included = [
  "Every Drug Tariff part, both editions",
  "Reimbursement lists and branded pricing",
  "Price concessions and insights",
  "Search, watchlists and CSV export",
];

export default function PlansPage() {
  return (
    <PageContainer width="wide" className="space-y-10">
      <header className="space-y-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Plans and pricing</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          One organisation licence with a seat for each user. Pay monthly, or annually and save. Prices
          exclude VAT.
        </p>
        <p className="mx-auto max-w-2xl rounded-lg border border-primary/40 bg-accent p-4 text-left">
          <strong>{trialDays}-day free trial.</strong> {trialOffer}
        </p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => (
          <li key={plan.id}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="text-xl">{plan.name}</CardTitle>
                <CardDescription>
                  {plan.seats === 1 ? "Single-user plan" : `Multi-user plan for ${plan.seats} users`}
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-3">
                <p>
                  <span className="text-3xl font-bold">{formatPence(plan.pricePence.monthly)}</span>
                  <span className="text-muted-foreground"> a month</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  or {formatPence(plan.pricePence.annual)} a year (save {annualSavingPercent(plan)}%)
                </p>
                <p className="text-sm font-medium">Free for the first {trialDays} days</p>
                <p className="text-sm">{plan.summary}</p>
                <ul className="space-y-1 text-sm">
                  {included.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 text-primary" />
                      {item}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Button asChild className="w-full">
                  <Link
                    href={`/pricing/choose-your-plan?plan=${plan.id}`}
                    aria-label={`Choose the ${plan.name} plan`}
                  >
                    Choose plan
                  </Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="md:flex-row md:items-center md:justify-between">
        <CardHeader>
          <CardTitle className="text-xl">Custom plan: more than {customPlanThreshold} users</CardTitle>
          <CardDescription>
            For pharmacy groups and head offices. Tell us how many users you need and we will send a quote.
          </CardDescription>
        </CardHeader>
        <Button asChild variant="outline">
          <a href={`mailto:${site.salesEmail}?subject=${encodeURIComponent("TariffScope custom plan")}`}>
            Contact sales
          </a>
        </Button>
      </Card>
    </PageContainer>
  );
}
