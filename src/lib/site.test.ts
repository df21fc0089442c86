import { describe, expect, it } from "vitest";

import { formatLongDate, hasExpired, site } from "./site";

describe("the early-bird notice", () => {
  it("shows the notice dates the way UK readers write them", () => {
    expect(formatLongDate(site.notice.plansOnSale)).toBe("4 September 2024");
    expect(formatLongDate(site.notice.gracePeriodEnded)).toBe("18 September 2024");
  });

  it("counts the offer's last day as valid and the day after as expired", () => {
    expect(hasExpired("2024-09-30", new Date("2024-09-30T18:00:00Z"))).toBe(false);
    expect(hasExpired("2024-09-30", new Date("2024-10-01T00:00:00Z"))).toBe(true);
  });
});
