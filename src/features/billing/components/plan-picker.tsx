"use client";

import { useSearchParams } from "next/navigation";
import { useId, useState } from "react";

import { formatPence } from "@/lib/tariff-vocabulary";
import { cn } from "@/lib/utils";

import { annualSavingPercent, customPlanThreshold, type BillingInterval, type Plan } from "../plans";
import { trialDays, trialOffer } from "../trial-terms";
import { CustomPlanEnquiryForm } from "./custom-plan-enquiry-form";
import { PlanCheckoutForm } from "./plan-checkout-form";
import { usePlanCheckout, type TrialOffer } from "./use-plan-checkout";

export type { TrialOffer } from "./use-plan-checkout";

const custom = "custom";
type Choice = Plan["id"] | typeof custom;

const radioCard =
  "flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50";

/** "£249.00 a year (save 17%)": what the plan costs per interval, with the saving as /pricing/plans shows it. */
const priceOf = (plan: Plan, interval: BillingInterval) =>
  interval === "monthly"
    ? `${formatPence(plan.pricePence.monthly)} a month`
    : `${formatPence(plan.pricePence.annual)} a year (save ${annualSavingPercent(plan)}%)`;

/**
 * The plan chooser (product §4 "Checkout"): idle, loading, then off to the provider's hosted checkout,
 * or an error with loading cleared. Above 10 users it becomes the custom-plan enquiry form. Where the
 * free trial is on offer, the checkout starts it.
 */
export function PlanPicker({
  plans,
  trial: initialTrial = { state: "offered" },
}: {
  plans: readonly Plan[];
  trial?: TrialOffer;
}) {
  const requested = useSearchParams().get("plan");
  const [choice, setChoice] = useState<Choice>(
    requested === custom ? custom : (plans.find((plan) => plan.id === requested)?.id ?? plans[0]!.id),
  );
  const checkout = usePlanCheckout(initialTrial);
  const chosen = plans.find((plan) => plan.id === choice);
  const price = (plan: Plan) => priceOf(plan, checkout.interval);

  function choose(next: Choice) {
    setChoice(next);
    checkout.setStatus({ state: "idle" });
  }

  return (
    <div className="space-y-6">
      <TrialOfferNotice trial={checkout.trial} />
      <PlanChoice plans={plans} choice={choice} onChoose={choose} price={price} disabled={checkout.loading} />
      {chosen ? (
        <PlanCheckoutForm chosen={chosen} price={price} checkout={checkout} />
      ) : (
        <CustomPlanEnquiryForm />
      )}
    </div>
  );
}

/** The free trial on offer, or why there is none. */
function TrialOfferNotice({ trial }: { trial: TrialOffer }) {
  return trial.state === "offered" ? (
    <div className="rounded-lg border border-primary/40 bg-accent p-4">
      <p className="font-semibold">{trialDays}-day free trial</p>
      <p className="text-sm">{trialOffer}</p>
    </div>
  ) : (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">No free trial</p>
      <p className="text-sm">{trial.reason}</p>
    </div>
  );
}

/** The number of users: a card for each plan, and one for a custom plan above the largest. */
function PlanChoice({
  plans,
  choice,
  onChoose,
  price,
  disabled,
}: {
  plans: readonly Plan[];
  choice: Choice;
  onChoose: (choice: Choice) => void;
  price: (plan: Plan) => string;
  disabled: boolean;
}) {
  const planLegend = useId();
  return (
    <fieldset className="space-y-3" aria-describedby={planLegend} disabled={disabled}>
      <legend className="text-lg font-semibold">Number of users</legend>
      <p id={planLegend} className="text-sm text-muted-foreground">
        One licence for your organisation, with a seat for each user.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {plans.map((plan) => (
          <label key={plan.id} className={cn(radioCard, plan.id === choice && "border-primary bg-accent")}>
            <input
              type="radio"
              name="plan"
              value={plan.id}
              checked={plan.id === choice}
              onChange={() => onChoose(plan.id)}
              className="mt-1 accent-[var(--primary)]"
            />
            <span>
              <span className="block font-medium">{plan.name}</span>
              <span className="block text-sm text-muted-foreground">{price(plan)}</span>
            </span>
          </label>
        ))}
        <label className={cn(radioCard, "sm:col-span-2", choice === custom && "border-primary bg-accent")}>
          <input
            type="radio"
            name="plan"
            value={custom}
            checked={choice === custom}
            onChange={() => onChoose(custom)}
            className="mt-1 accent-[var(--primary)]"
          />
          <span>
            <span className="block font-medium">More than {customPlanThreshold} users</span>
            <span className="block text-sm text-muted-foreground">
              A custom plan, priced for your organisation
            </span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
