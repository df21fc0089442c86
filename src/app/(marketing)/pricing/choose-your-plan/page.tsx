import type { Metadata } from "next";
import { Suspense } from "react";

import { PageContainer } from "@/components/layout/page-container";
import { PlanPicker } from "@/features/billing/components/plan-picker";
import { plans } from "@/features/billing/plans";

export const metadata: Metadata = {
  title: "Choose your plan",
  description: "Pick the number of users and how you would like to pay.",
};

export default function ChooseYourPlanPage() {
  return (
    <PageContainer width="wide" className="max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Choose your plan</h1>
        <p className="text-muted-foreground">
          Pick the number of users on your organisation licence and how you pay.
        </p>
      </header>
      <Suspense>
        <PlanPicker plans={plans} />
      </Suspense>
    </PageContainer>
  );
}
