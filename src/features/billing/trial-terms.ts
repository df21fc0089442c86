import { formatPence, formatUkDate } from "@/lib/tariff-vocabulary";

import { findPlan, type BillingInterval } from "./plans";

/**
 * The free trial's terms, in one place for the pricing pages, the plan picker, the checkout, the
 * Billing section, the app's notice and the reminder e-mail (ADR 190). Safe for client components.
 */
export const trialDays = 14;
/** The reminder goes this many days before the trial ends (Stripe's `trial_will_end` timing). */
export const trialReminderDays = 3;

/** What the pricing pages and the plan picker say the trial is. */
export const trialOffer =
  `Start with a ${trialDays}-day free trial of any plan. Your card is taken at checkout and nothing is ` +
  "charged until the trial ends; cancel before then and you pay nothing. One trial per person and " +
  "per organisation.";

/** "£99.99 a month": a plan's price per interval, or null when the plan is not in the catalogue. */
export function planPrice(planId: string | null, interval: BillingInterval | string | null): string | null {
  const plan = planId ? findPlan(planId) : undefined;
  if (!plan || (interval !== "monthly" && interval !== "annual")) return null;
  return `${formatPence(plan.pricePence[interval])} ${interval === "monthly" ? "a month" : "a year"}`;
}

export type TrialFacts = {
  trialEnd: Date;
  cancelAtPeriodEnd: boolean;
  planId: string | null;
  interval: string | null;
};

/**
 * A trial as the user is told it: "Free trial: ends 12 December 2026", and what happens then: the
 * first payment, or, when cancelled, nothing.
 */
export function describeTrial(trial: TrialFacts): { headline: string; then: string } {
  const ends = formatUkDate(trial.trialEnd);
  const headline = `Free trial: ends ${ends}`;
  if (trial.cancelAtPeriodEnd)
    return { headline, then: `Your plan is cancelled: access ends on ${ends} and nothing is charged.` };
  const price = planPrice(trial.planId, trial.interval);
  return {
    headline,
    then:
      `Then ${price ? `${price}, excluding VAT,` : "your plan's price"} is charged to the card given at ` +
      `checkout, unless the plan is cancelled before ${ends}. Cancelling during the trial charges nothing.`,
  };
}
