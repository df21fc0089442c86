import { describe, expect, it } from "vitest";

import { monthsBetween, olderMonths, parseMonthParam, recentMonths } from "./months";

describe("month options (product §3)", () => {
  it("lists the current month and the seven before it, newest first", () => {
    const months = recentMonths(new Date("2026-11-22T10:00:00Z"));
    expect(months.map((m) => m.month)).toEqual([
      "November 2026",
      "October 2026",
      "September 2026",
      "August 2026",
      "July 2026",
      "June 2026",
      "May 2026",
      "April 2026",
    ]);
    expect(months[0]).toEqual({
      month: "November 2026",
      value: "2026-11",
      firstDate: "2026-11-01",
      lastDate: "2026-11-30",
    });
  });

  it("crosses a year boundary and knows February's length", () => {
    const months = recentMonths(new Date("2028-03-05T00:00:00Z"));
    expect(months[1]).toMatchObject({ month: "February 2028", lastDate: "2028-02-29" });
    expect(months[7]).toMatchObject({
      month: "August 2027",
      firstDate: "2027-08-01",
      lastDate: "2027-08-31",
    });
  });

  it("reads month=YYYY-MM from the address and refuses anything else", () => {
    expect(parseMonthParam("2025-12")).toMatchObject({ month: "December 2025", lastDate: "2025-12-31" });
    for (const bad of ["2025-13", "2025-1", "25-12", "2025-12-01", "", undefined, ["2025-12"], "0999-12"]) {
      expect(parseMonthParam(bad)).toBeNull();
    }
  });

  it("offers every month with data before the eight listed, newest first, once each", () => {
    const recent = recentMonths(new Date("2026-11-22T10:00:00Z"));
    const withData = ["2026-10-01", "2026-03-01", "2024-12-01", "2026-03-01", "2025-07", "2027-01-01"];
    expect(olderMonths(withData, recent)).toEqual([
      { value: "2026-03", label: "March 2026" },
      { value: "2025-07", label: "July 2025" },
      { value: "2024-12", label: "December 2024" },
    ]);
    expect(olderMonths(["2026-10-01"], recent)).toEqual([]);
  });

  it("lists every month between two, a step apart, so a chart's axis skips none", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2025-10", "2026-04", 3)).toEqual(["2025-10", "2026-01", "2026-04"]);
    expect(monthsBetween("2026-02", "2026-02")).toEqual(["2026-02"]);
    expect(monthsBetween("2026-03", "2026-02")).toEqual([]);
  });
});
