import { describe, expect, it } from "vitest";

import { site } from "@/lib/site";

import { lastButtonLabel, tourRequestedBy, tourSteps, withoutTourParameters } from "./tours";

const paying = { delegate: false };
const delegate = { delegate: true };

describe("the welcome tour", () => {
  it("has the eleven steps in order, starting and ending in the middle of the screen", () => {
    const steps = tourSteps("welcome", paying);
    expect(steps.map((step) => step.title)).toEqual([
      "Subscription Complete",
      "Search",
      "Drug Tariff Prices",
      "Reimbursement Info",
      "Branded Product Pricing",
      "Insights",
      "Watchlists",
      "Help",
      "Blog",
      "Account Management",
      "You're all set!",
    ]);
    expect(steps[0]!.target).toBe("centre");
    expect(steps[10]!.target).toBe("centre");
    expect(steps[10]!.link?.href).toBe(`mailto:${site.supportEmail}`);
    expect(lastButtonLabel.welcome).toBe("Go to App");
  });

  it("tells a paying user about the subscription and users, and a delegate only about their own account", () => {
    const account = (audience: { delegate: boolean }) =>
      tourSteps("welcome", audience).find((step) => step.id === "account")!.body;
    expect(account(paying)).toMatch(/personal details and preferences/);
    expect(account(paying)).toMatch(/reset your password/);
    expect(account(paying)).toMatch(/manage your subscription and add or remove users/);
    expect(account(delegate)).toMatch(/personal details and preferences/);
    expect(account(delegate)).toMatch(/reset your password/);
    expect(account(delegate)).not.toMatch(/subscription|users/);
  });
});

describe("the intro tour", () => {
  it("has six steps, the last linking to account management to add users", () => {
    const steps = tourSteps("intro", paying);
    expect(steps.map((step) => step.title)).toEqual([
      "Sign up complete",
      "Powerful search",
      "Explore",
      "Discover",
      "Learn",
      "All set",
    ]);
    expect(steps[5]!.link?.href).toBe("/account-management/dashboard?section=manage-users");
  });
});

describe("starting a tour from the address", () => {
  const params = (query: string) => new URLSearchParams(query);

  it("starts the welcome tour after a payment or a delegate sign-up", () => {
    expect(tourRequestedBy(params("paymentSuccess=true"), { delegate: false, seen: [] })).toEqual({
      tour: "welcome",
      audience: { delegate: false },
    });
    expect(tourRequestedBy(params("delegateSuccess=true"), { delegate: false, seen: [] })).toEqual({
      tour: "welcome",
      audience: { delegate: true },
    });
  });

  it("does not start it for anything else, nor for someone who finished or skipped it", () => {
    expect(tourRequestedBy(params(""), { delegate: false, seen: [] })).toBeNull();
    expect(tourRequestedBy(params("paymentSuccess=false"), { delegate: false, seen: [] })).toBeNull();
    expect(tourRequestedBy(params("paymentSuccess=true"), { delegate: false, seen: ["welcome"] })).toBeNull();
    expect(
      tourRequestedBy(params("paymentSuccess=true"), { delegate: false, seen: ["intro"] }),
    ).not.toBeNull();
  });

  it("drops only the tour's parameters from the address", () => {
    expect(withoutTourParameters("/drug-tariff-parts/partviiia", params("paymentSuccess=true"))).toBe(
      "/drug-tariff-parts/partviiia",
    );
    expect(
      withoutTourParameters(
        "/drug-tariff-parts/partviiia",
        params("paymentSuccess=true&session_id=cs_1&month=2026-11"),
      ),
    ).toBe("/drug-tariff-parts/partviiia?session_id=cs_1&month=2026-11");
  });
});
