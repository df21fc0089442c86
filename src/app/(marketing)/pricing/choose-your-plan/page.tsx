import type { Metadata } from "next";
import { Suspense } from "react";

import { PageContainer } from "@/components/layout/page-container";
import { NoLicenceNotice } from "@/features/billing/components/no-licence-notice";
import { PlanPicker, type TrialOffer } from "@/features/billing/components/plan-picker";
import { plans } from "@/features/billing/plans";
import { trialEligibility } from "@/features/billing/trial";
import { getCurrentUser } from "@/lib/session";

export const metadata: Metadata = {
  title: "Choose your plan",
  description: "Pick the number of users and how you would like to pay.",
};

/** Where a signed-in user without a subscription is sent (product §4), so it says why they are here. */
export default async function ChooseYourPlanPage() {
  const user = await getCurrentUser();
  // The trial is offered to visitors and to users who have not had one; the checkout decides again.
  const eligibility = user && !user.subscribed ? await trialEligibility(user) : null;
  const trial: TrialOffer =
    eligibility && !eligibility.eligible
      ? { state: "refused", reason: eligibility.reason }
      : { state: "offered" };
  return (
    <PageContainer width="wide" className="max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Choose your plan</h1>
        <p className="text-muted-foreground">
          Pick the number of users on your organisation licence and how you pay.
        </p>
      </header>
      {user && !user.subscribed && <NoLicenceNotice email={user.email} lapsed={user.licenceId !== null} />}
      <Suspense>
        <PlanPicker plans={plans} trial={trial} />
      </Suspense>
    </PageContainer>
  );
}
