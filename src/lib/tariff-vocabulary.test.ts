import { describe, expect, it } from "vitest";

import {
  editionCodes,
  editionFromCode,
  editionNames,
  formatPence,
  formatPounds,
  formatUkDate,
  formatUnitPence,
  monthLabel,
  monthNames,
  poundsFigure,
  shortMonthLabel,
} from "./tariff-vocabulary";

describe("the tariff's vocabulary", () => {
  it("names the two editions by the numbers a profile stores", () => {
    expect(editionNames).toEqual({ 1: "England & Wales", 2: "Northern Ireland" });
    expect(editionCodes).toEqual({ 1: "ew", 2: "ni" });
  });

  it("reads an edition from the codes an operator types, and nothing else", () => {
    for (const code of ["ew", "E&W", " england ", "1"]) expect(editionFromCode(code)).toBe(1);
    for (const code of ["ni", "NI", "northern-ireland", "2"]) expect(editionFromCode(code)).toBe(2);
    for (const code of ["", "scotland", "3", "e"]) expect(editionFromCode(code)).toBeUndefined();
  });

  it("writes a month the same way from a period or a stored date, long and short", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(monthLabel("2026-01-01")).toBe("January 2026");
    expect(shortMonthLabel("2026-09-01")).toBe("Sep 2026");
  });

  it("writes a day as UK readers read it, in UK time", () => {
    expect(formatUkDate(new Date("2026-12-12T12:00:00Z"))).toBe("12 December 2026");
    // 23:30 UTC in British Summer Time is already the next day in the UK.
    expect(formatUkDate(new Date("2026-06-30T23:30:00Z"))).toBe("1 July 2026");
  });

  it("names the twelve months in English", () => {
    expect(monthNames).toHaveLength(12);
    expect(monthNames[0]).toBe("January");
    expect(monthNames[8]).toBe("September");
  });

  it("formats pence as pounds for people, with thousands separated", () => {
    expect(formatPence(2499)).toBe("£24.99");
    expect(formatPence(179_900)).toBe("£1,799.00");
    expect(formatPence(5)).toBe("£0.05");
  });

  it("writes a unit price under a pound in pence, and of a pound or more in pounds", () => {
    expect(formatUnitPence(4.2857)).toBe("4.29p");
    expect(formatUnitPence(0.5)).toBe("0.50p");
    expect(formatUnitPence(99.99)).toBe("99.99p");
    // Rounded first, so nothing is written "100.00p".
    expect(formatUnitPence(99.996)).toBe("£1.00");
    expect(formatUnitPence(100)).toBe("£1.00");
    expect(formatUnitPence(7790.5)).toBe("£77.91");
    expect(formatUnitPence(123_456.7)).toBe("£1,234.57");
  });

  it("writes pounds compactly for chart axes and hints, and as the bare figure files print", () => {
    expect(formatPounds(1799)).toBe("£1799.00");
    expect(formatPounds(12.5)).toBe("£12.50");
    expect(poundsFigure(179_900)).toBe("1799.00");
    expect(poundsFigure(5)).toBe("0.05");
  });
});
