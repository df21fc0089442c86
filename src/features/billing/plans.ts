import type { PlanId } from "@/lib/plan-ids";

/**
 * The plan catalogue. Prices are configuration: change them here (in pence), never in components.
 * Stripe price ids are matched to these plans by id and interval (`STRIPE_PRICE_IDS`).
 */
export type BillingInterval = "monthly" | "annual";

export type Plan = {
  id: PlanId;
  name: string;
  seats: number;
  summary: string;
  pricePence: Record<BillingInterval, number>;
};

export const plans: readonly Plan[] = [
  {
    id: "single",
    name: "Single User",
    seats: 1,
    summary: "One pharmacist or owner with full access.",
    pricePence: { monthly: 2_499, annual: 24_900 },
  },
  {
    id: "multi-2",
    name: "2 Users",
    seats: 2,
    summary: "A pharmacist and a technician or manager.",
    pricePence: { monthly: 4_499, annual: 44_900 },
  },
  {
    id: "multi-5",
    name: "5 Users",
    seats: 5,
    summary: "A busy branch or a small group, with an admin who manages the team.",
    pricePence: { monthly: 9_999, annual: 99_900 },
  },
  {
    id: "multi-10",
    name: "10 Users",
    seats: 10,
    summary: "Multi-branch businesses with buyers and head-office staff.",
    pricePence: { monthly: 17_999, annual: 179_900 },
  },
];

/** Above this many users a plan is agreed with us directly. */
export const customPlanThreshold = 10;

export function findPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** What an annual plan saves against twelve monthly payments, in whole percent. */
export function annualSavingPercent(plan: Plan): number {
  return Math.round((1 - plan.pricePence.annual / (plan.pricePence.monthly * 12)) * 100);
}
