/**
 * The plans on sale, by the ids that configuration names (`STRIPE_PRICE_IDS` gives each a price), so
 * `lib/env.ts` can check that setting at start-up. The catalogue, `features/billing/plans.ts`, gives
 * each its seats and prices.
 */
export const planIds = ["single", "multi-2", "multi-5", "multi-10"] as const;

export type PlanId = (typeof planIds)[number];
