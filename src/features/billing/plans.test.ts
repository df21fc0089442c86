import { describe, expect, it } from "vitest";

import { planIds } from "@/lib/plan-ids";

import { annualSavingPercent, customPlanThreshold, findPlan, plans } from "./plans";

describe("the plan catalogue", () => {
  it("offers a single-user plan and multi-user plans for 2, 5 and 10 users (product §1)", () => {
    expect(plans.map((plan) => plan.seats)).toEqual([1, 2, 5, 10]);
    expect(customPlanThreshold).toBe(10);
  });

  it("prices every plan monthly and annually, with the annual price below twelve months", () => {
    for (const plan of plans) {
      expect(Number.isInteger(plan.pricePence.monthly)).toBe(true);
      expect(plan.pricePence.annual).toBeLessThan(plan.pricePence.monthly * 12);
      expect(annualSavingPercent(plan)).toBeGreaterThan(0);
    }
  });

  it("sells exactly the plans that STRIPE_PRICE_IDS must price, so none is sold without a price", () => {
    expect(plans.map((plan) => plan.id)).toEqual([...planIds]);
  });

  it("finds plans by id and nothing else", () => {
    expect(findPlan("multi-5")?.seats).toBe(5);
    expect(findPlan("multi-50")).toBeUndefined();
  });
});
