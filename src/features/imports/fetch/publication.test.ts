import { describe, expect, it } from "vitest";

import { concessionsNotYetGranted } from "./concessions-page";
import { bankHolidays, formatDay, lateFromDay, monthsDueBy, usualPublicationDay } from "./publication";

/** When a month's tariff is due and when it is late (ADR 115): working days, UK dates. */
describe("the tariff's publication calendar", () => {
  it("puts the usual date three working days before the month, skipping weekends", () => {
    // 1 August 2026 is a Saturday: Friday 31, Thursday 30, Wednesday 29 July.
    expect(formatDay(usualPublicationDay("2026-08"))).toBe("29 July 2026");
    // 1 June 2026 is a Monday: Friday 29, Thursday 28, Wednesday 27 May.
    expect(formatDay(usualPublicationDay("2026-06"))).toBe("27 May 2026");
    expect(formatDay(lateFromDay("2026-06"))).toBe("29 May 2026");
    // Two working days after Wednesday 29 July is Friday 31 July.
    expect(formatDay(lateFromDay("2026-08"))).toBe("31 July 2026");
  });

  it("skips England and Wales's bank holidays as NHSBSA does", () => {
    // Monday 31 August 2026 is the summer bank holiday: Friday 28, Thursday 27, Wednesday 26 August.
    expect(formatDay(usualPublicationDay("2026-09"))).toBe("26 August 2026");
    expect(formatDay(lateFromDay("2026-09"))).toBe("28 August 2026");
    // Good Friday 26 March 2027 and Easter Monday 29 March: Wednesday 31, Tuesday 30, Thursday 25 March.
    expect(formatDay(usualPublicationDay("2027-04"))).toBe("25 March 2027");
  });

  it("knows the bank holidays, with weekend ones moved to the next free weekday", () => {
    // Christmas 2026 is a Friday, so Boxing Day (a Saturday) is on Monday 28 December.
    expect(bankHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-04",
      "2026-05-25",
      "2026-08-31",
      "2026-12-25",
      "2026-12-28",
    ]);
    // Christmas 2027 is a Saturday and Boxing Day a Sunday: Monday 27 and Tuesday 28 December.
    expect(bankHolidays(2027).slice(-2)).toEqual(["2027-12-27", "2027-12-28"]);
    // New Year's Day 2028 is a Saturday: Monday 3 January.
    expect(bankHolidays(2028)[0]).toBe("2028-01-03");
    // 2022's spring bank holiday moved to 2 June, with 3 June and the state funeral on 19 September added.
    expect(bankHolidays(2022)).toEqual(expect.arrayContaining(["2022-06-02", "2022-06-03", "2022-09-19"]));
    expect(bankHolidays(2022)).not.toContain("2022-05-30");
  });

  it("expects next month's tariff only once it is late, in UK time", () => {
    expect(monthsDueBy(new Date("2026-07-30T12:00:00Z"))).toEqual(["2026-07"]);
    expect(monthsDueBy(new Date("2026-07-31T06:00:00Z"))).toEqual(["2026-07", "2026-08"]);
    // 23:30 UTC on 31 March is already 1 April in London (summer time).
    expect(monthsDueBy(new Date("2026-03-31T23:30:00Z"))[0]).toBe("2026-04");
  });
});

describe("a concessions page without a table", () => {
  const page = (words: string) =>
    `<h1>Price Concessions</h1><span>Updated on: 2nd July 2026</span><p>${words}</p>`;

  it("is this month's empty list only while it speaks of concessions for this month, early in it", () => {
    const early = new Date("2026-07-02T09:00:00Z");
    expect(
      concessionsNotYetGranted(page("No price concessions have been granted for July 2026 so far."), early),
    ).toBe("July 2026");
    // An update date in this month is not the month's list.
    expect(concessionsNotYetGranted(page("Our pages have moved."), early)).toBeUndefined();
    expect(concessionsNotYetGranted(page("Concessions granted for June 2026"), early)).toBeUndefined();
    expect(
      concessionsNotYetGranted(
        page("No price concessions have been granted for July 2026 so far."),
        new Date("2026-07-16T09:00:00Z"),
      ),
    ).toBeUndefined();
  });
});
