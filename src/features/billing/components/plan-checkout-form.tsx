"use client";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

import { annualSavingPercent, type Plan } from "../plans";
import { trialDays } from "../trial-terms";
import type { PlanCheckout } from "./use-plan-checkout";

/**
 * The chosen plan's checkout: monthly or annual billing, the organisation's name for a plan of more
 * than one seat, what it costs, and the button that opens the checkout (or starts the free trial).
 */
export function PlanCheckoutForm({
  chosen,
  price,
  checkout,
}: {
  chosen: Plan;
  /** What a plan costs per interval, as the plan choice shows it. */
  price: (plan: Plan) => string;
  checkout: PlanCheckout;
}) {
  const { interval, status, trialOffered, loading } = checkout;
  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void checkout.start(chosen);
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
                  checkout.setInterval(option);
                  checkout.setStatus({ state: "idle" });
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
          value={checkout.organisation}
          disabled={loading}
          error={status.state === "error" ? status.organisation : undefined}
          onChange={(event) => {
            checkout.setOrganisation(event.target.value);
            if (status.state === "error") checkout.setStatus({ state: "idle" });
          }}
        />
      )}
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-semibold">{chosen.name}</span>:{" "}
          {trialOffered ? `free for ${trialDays} days, then ${price(chosen)}` : price(chosen)}, excluding VAT
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
  );
}
