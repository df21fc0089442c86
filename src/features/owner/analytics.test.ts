import { describe, expect, it } from "vitest";

import { fillDays, likePattern, parseRange, summarisePlans } from "./analytics";

describe("owner analytics shaping", () => {
  it("fills every day of the range, oldest first, with zero where nothing was viewed", () => {
    const days = fillDays([{ day: "2026-11-24", views: 7 }], 3, new Date("2026-11-25T10:00:00Z"));
    expect(days).toEqual([
      { day: "2026-11-23", views: 0 },
      { day: "2026-11-24", views: 7 },
      { day: "2026-11-25", views: 0 },
    ]);
  });

  it("accepts only the offered ranges from the URL", () => {
    expect(parseRange("90")).toBe(90);
    expect(parseRange("365")).toBe(365);
    expect(parseRange("7")).toBe(30);
    expect(parseRange(undefined)).toBe(30);
    expect(parseRange(["abc"])).toBe(30);
  });

  it("sums subscriptions, seats and monthly revenue per plan; annual counts a twelfth, trials and cancelled nothing", () => {
    const summary = summarisePlans([
      {
        planId: "multi-5",
        billingInterval: "monthly",
        status: "active",
        licences: 2,
        seatsSold: 10,
        seatsUsed: 7,
      },
      {
        planId: "multi-5",
        billingInterval: "annual",
        status: "active",
        licences: 1,
        seatsSold: 5,
        seatsUsed: 5,
      },
      {
        planId: "multi-5",
        billingInterval: "monthly",
        status: "trialing",
        licences: 1,
        seatsSold: 5,
        seatsUsed: 1,
      },
      {
        planId: "single",
        billingInterval: "monthly",
        status: "canceled",
        licences: 4,
        seatsSold: 4,
        seatsUsed: 0,
      },
      { planId: null, billingInterval: null, status: "active", licences: 1, seatsSold: 5, seatsUsed: 3 },
    ]);
    expect(summary).toEqual([
      {
        plan: "5 Users",
        activeSubscriptions: 4,
        seatsSold: 20,
        seatsUsed: 13,
        mrrPence: 2 * 9_999 + Math.round(99_900 / 12),
      },
      { plan: "No plan", activeSubscriptions: 1, seatsSold: 5, seatsUsed: 3, mrrPence: 0 },
    ]);
  });

  it("escapes pattern characters in a search term", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
