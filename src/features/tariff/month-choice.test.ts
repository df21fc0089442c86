import { describe, expect, it } from "vitest";

import { chooseMonth } from "./month-choice";

const now = new Date("2026-11-22T10:00:00Z");
const monthly = ["2026-09-01", "2026-10-01", "2025-01-01"];

describe("which month a list shows", () => {
  it("opens on the current month when it has data", () => {
    const choice = chooseMonth({
      periods: [...monthly, "2026-11-01"],
      cadence: "monthly",
      month: undefined,
      now,
    });
    expect(choice).toMatchObject({ period: "2026-11-01", month: { value: "2026-11" }, inForceSince: null });
  });

  it("opens on the latest month with data when the current month has none yet", () => {
    const choice = chooseMonth({ periods: monthly, cadence: "monthly", month: undefined, now });
    expect(choice.month.value).toBe("2026-10");
    expect(choice.period).toBe("2026-10-01");
  });

  it("marks the months without data in the selector, newest first", () => {
    const choice = chooseMonth({ periods: monthly, cadence: "monthly", month: undefined, now });
    expect(choice.options.slice(0, 4)).toEqual([
      { value: "2026-11", label: "November 2026", hasData: false },
      { value: "2026-10", label: "October 2026", hasData: true },
      { value: "2026-09", label: "September 2026", hasData: true },
      { value: "2026-08", label: "August 2026", hasData: false },
    ]);
    expect(choice.options).toHaveLength(8);
  });

  it("refuses a month that was not imported, and shows the month it would open on instead", () => {
    const choice = chooseMonth({ periods: monthly, cadence: "monthly", month: "2026-08", now });
    expect(choice.refused).toEqual({ asked: "2026-08", reason: "no-data" });
    expect(choice).toMatchObject({ period: "2026-10-01", month: { value: "2026-10" } });
    const long = chooseMonth({ periods: monthly, cadence: "monthly", month: "1999-01", now });
    expect(long.refused).toEqual({ asked: "1999-01", reason: "no-data" });
    expect(long.month.value).toBe("2026-10");
  });

  it("accepts an older month than the selector lists, and adds it at the end", () => {
    const choice = chooseMonth({ periods: monthly, cadence: "monthly", month: "2025-01", now });
    expect(choice.period).toBe("2025-01-01");
    expect(choice.options.at(-1)).toEqual({ value: "2025-01", label: "January 2025", hasData: true });
  });

  it("refuses a month parameter that is not a month, and shows the month it would open on", () => {
    for (const month of ["2026-13", "November", "2026-1", "../x", "abc"]) {
      const choice = chooseMonth({ periods: monthly, cadence: "monthly", month, now });
      expect(choice.month.value).toBe("2026-10");
      expect(choice.refused).toEqual({ asked: month, reason: "not-a-month" });
    }
    expect(chooseMonth({ periods: monthly, cadence: "monthly", month: undefined, now }).refused).toBeNull();
  });

  it("opens on the month in force when next month is published ahead, and offers it 'from the 1st'", () => {
    const early = ["2026-12-01", "2027-01-01", "2026-11-01", "2026-10-01"];
    const choice = chooseMonth({ periods: early, cadence: "monthly", month: undefined, now });
    expect(choice).toMatchObject({ period: "2026-11-01", month: { value: "2026-11" }, refused: null });
    expect(choice.coming.map((option) => option.value)).toEqual(["2026-12", "2027-01"]);
    expect(choice.options.slice(0, 3)).toEqual([
      { value: "2027-01", label: "January 2027 (from 1 January)", hasData: true },
      { value: "2026-12", label: "December 2026 (from 1 December)", hasData: true },
      { value: "2026-11", label: "November 2026", hasData: true },
    ]);
    expect(chooseMonth({ periods: early, cadence: "monthly", month: "2026-12", now })).toMatchObject({
      period: "2026-12-01",
      refused: null,
    });
  });

  it("takes the month in force in UK time: 00:30 on 1 July in summer time is July", () => {
    const periods = ["2026-06-01", "2026-07-01"];
    const choice = chooseMonth({
      periods,
      cadence: "monthly",
      month: undefined,
      now: new Date("2026-06-30T23:30:00Z"),
    });
    expect(choice.month.value).toBe("2026-07");
    expect(choice.coming).toEqual([]);
  });

  it("shows a quarterly list's release in force in a month between releases", () => {
    const quarters = ["2026-07-01", "2026-10-01"];
    const choice = chooseMonth({ periods: quarters, cadence: "latest", month: "2026-09", now });
    expect(choice.period).toBe("2026-07-01");
    expect(choice.inForceSince).toBe("July 2026");
    expect(chooseMonth({ periods: quarters, cadence: "latest", month: undefined, now })).toMatchObject({
      month: { value: "2026-11" },
      period: "2026-10-01",
    });
    expect(chooseMonth({ periods: quarters, cadence: "latest", month: "2026-06", now }).refused).toEqual({
      asked: "2026-06",
      reason: "no-data",
    });
  });

  it("has no data and no latest month before anything is imported", () => {
    const choice = chooseMonth({ periods: [], cadence: "monthly", month: undefined, now });
    expect(choice).toMatchObject({ period: null, latest: null, month: { value: "2026-11" } });
  });

  it("offers every older month with data behind 'Older months…'", () => {
    const choice = chooseMonth({
      periods: [...monthly, "2024-12-01"],
      cadence: "monthly",
      month: undefined,
      now,
    });
    expect(choice.older).toEqual([
      { value: "2025-01", label: "January 2025" },
      { value: "2024-12", label: "December 2024" },
    ]);
  });

  it("offers each older release of a list published less often than monthly", () => {
    const quarters = ["2025-10-01", "2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01"];
    const choice = chooseMonth({ periods: quarters, cadence: "latest", month: undefined, now });
    expect(choice.older.map((option) => option.value)).toEqual(["2026-01", "2025-10"]);
  });
});
