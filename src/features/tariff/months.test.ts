import { describe, expect, it } from "vitest";

import { monthNames, parseMonthParam, recentMonths } from "./months";

describe("month options (SPEC §3)", () => {
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
    for (const bad of ["2025-13", "2025-1", "25-12", "2025-12-01", "", undefined, ["2025-12"], "1999-12"]) {
      expect(parseMonthParam(bad)).toBeNull();
    }
  });

  it("names the twelve months in English", () => {
    expect(monthNames).toHaveLength(12);
    expect(monthNames[8]).toBe("September");
  });
});
