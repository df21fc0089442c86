"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { choosePlanPath, signInPath } from "@/lib/paths";
import { FormField } from "@/components/ui/form-field";
import { formatPence } from "@/lib/tariff-vocabulary";
import { cn } from "@/lib/utils";

import { startCheckout } from "../actions";
import { annualSavingPercent, customPlanThreshold, type BillingInterval, type Plan } from "../plans";
import { trialDays, trialOffer } from "../trial-terms";
import { CustomPlanEnquiryForm } from "./custom-plan-enquiry-form";

const custom = "custom";
type Choice = Plan["id"] | typeof custom;

type Status =
  { state: "idle" } | { state: "loading" } | { state: "error"; message: string; organisation?: string };

const radioCard =
  "flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50";

/**
 * Whether the free trial is on offer here (ADR 190): to anyone not signed in and to users who have not
 * had one; someone who has is told why and offered the plans. The server decides again at checkout.
 */
export type TrialOffer = { state: "offered" } | { state: "refused"; reason: string };

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
  const router = useRouter();
  const [choice, setChoice] = useState<Choice>(
    requested === custom ? custom : (plans.find((plan) => plan.id === requested)?.id ?? plans[0]!.id),
  );
  const [interval, setInterval] = useState<BillingInterval>("monthly");
  const [organisation, setOrganisation] = useState("");
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [trial, setTrial] = useState<TrialOffer>(initialTrial);
  const trialOffered = trial.state === "offered";
  const planLegend = useId();
  const chosen = plans.find((plan) => plan.id === choice);

  // Coming back from the checkout with the Back button restores this page as it was left: loading.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setStatus({ state: "idle" });
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  function choose(next: Choice) {
    setChoice(next);
    setStatus({ state: "idle" });
  }

  async function checkout(plan: Plan) {
    setStatus({ state: "loading" });
    try {
      const result = await startCheckout({
        planId: plan.id,
        interval,
        ...(plan.seats > 1 && { organisation }),
        ...(trialOffered && { trial: true }),
      });
      if (result.ok) {
        window.location.assign(result.data.url);
        return;
      }
      const refusal = result.fieldErrors?.trial?.[0];
      if (refusal) {
        // No trial for this user: say why, and offer the plans to pay for at once.
        setTrial({ state: "refused", reason: refusal });
        setStatus({ state: "idle" });
        return;
      }
      if (result.code === "unauthorized") {
        const back = `${choosePlanPath}?plan=${plan.id}`;
        router.push(`${signInPath}?redirect=${encodeURIComponent(back)}`);
        return;
      }
      setStatus({
        state: "error",
        message: result.message,
        organisation: result.fieldErrors?.organisation?.[0],
      });
    } catch {
      setStatus({ state: "error", message: "Checkout failed" });
    }
  }

  const loading = status.state === "loading";
  /** "£249.00 a year (save 17%)": what the plan costs per interval, with the saving as /pricing/plans shows it. */
  const price = (plan: Plan) =>
    interval === "monthly"
      ? `${formatPence(plan.pricePence.monthly)} a month`
      : `${formatPence(plan.pricePence.annual)} a year (save ${annualSavingPercent(plan)}%)`;
  return (
    <div className="space-y-6">
      {trialOffered ? (
        <div className="rounded-lg border border-primary/40 bg-accent p-4">
          <p className="font-semibold">{trialDays}-day free trial</p>
          <p className="text-sm">{trialOffer}</p>
        </div>
      ) : (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">No free trial</p>
          <p className="text-sm">{trial.reason}</p>
        </div>
      )}
      <fieldset className="space-y-3" aria-describedby={planLegend} disabled={loading}>
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
                onChange={() => choose(plan.id)}
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
              onChange={() => choose(custom)}
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

      {chosen ? (
        <form
          className="space-y-6"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void checkout(chosen);
          }}
        >
          <fieldset className="space-y-3" disabled={loading}>
            <legend className="text-lg font-semibold">Billing</legend>
            <div className="flex flex-wrap gap-3">
              {(["monthly", "annual"] as const).map((option) => (
                <label
                  key={option}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                    option === interval && "border-primary bg-accent",
                  )}
                >
                  <input
                    type="radio"
                    name="interval"
                    value={option}
                    checked={option === interval}
                    onChange={() => {
                      setInterval(option);
                      setStatus({ state: "idle" });
                    }}
                    className="accent-[var(--primary)]"
                  />
                  {option === "monthly" ? "Monthly" : `Annually (save ${annualSavingPercent(chosen)}%)`}
                </label>
              ))}
            </div>
          </fieldset>
          {chosen.seats > 1 && (
            <FormField
              id="organisation"
              label="Organisation name"
              hint="Shown to the users on your licence."
              autoComplete="organization"
              maxLength={100}
              value={organisation}
              disabled={loading}
              error={status.state === "error" ? status.organisation : undefined}
              onChange={(event) => {
                setOrganisation(event.target.value);
                if (status.state === "error") setStatus({ state: "idle" });
              }}
            />
          )}
          <div className="flex flex-col gap-3 rounded-lg border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p>
              <span className="font-semibold">{chosen.name}</span>:{" "}
              {trialOffered ? `free for ${trialDays} days, then ${price(chosen)}` : price(chosen)}, excluding
              VAT
            </p>
            <Button type="submit" disabled={loading} aria-busy={loading || undefined}>
              {loading && <Spinner label="Opening the checkout" />}
              {trialOffered ? "Start free trial" : "Continue to payment"}
            </Button>
          </div>
          <p
            role="alert"
            className={cn(
              "text-sm",
              status.state === "error"
                ? "rounded-md border border-destructive/40 bg-destructive/5 p-3 text-destructive"
                : "sr-only",
            )}
          >
            {status.state === "error" ? status.message : ""}
          </p>
        </form>
      ) : (
        <CustomPlanEnquiryForm />
      )}
    </div>
  );
}
