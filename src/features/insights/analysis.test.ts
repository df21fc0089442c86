import { describe, expect, it } from "vitest";

import { biggestMovers, continuousCounts, percentBuckets, selectInsightMonth } from "./analysis";

describe("selectInsightMonth", () => {
  const now = new Date("2026-11-10T12:00:00Z");

  it("lists the current month and the seven before it, newest first", () => {
    const { months } = selectInsightMonth(now, ["2026-10"], undefined);
    expect(months.map((month) => month.value)).toEqual([
      "2026-11",
      "2026-10",
      "2026-09",
      "2026-08",
      "2026-07",
      "2026-06",
      "2026-05",
      "2026-04",
    ]);
    expect(months[1]).toEqual({ value: "2026-10", label: "October 2026", hasData: true });
    expect(months[0]!.hasData).toBe(false);
  });

  it("defaults to the latest month with data, even an older one", () => {
    expect(selectInsightMonth(now, ["2025-01", "2025-04"], undefined)).toMatchObject({
      selected: "2025-04",
      selectedHasData: true,
      latest: "2025-04",
    });
  });

  it("opens on the month in force, and lists every month published ahead of it", () => {
    const selection = selectInsightMonth(now, ["2026-11", "2026-12", "2027-01"], undefined);
    expect(selection).toMatchObject({ selected: "2026-11", latest: "2026-11", refused: null });
    expect(selection.months.slice(0, 3).map((month) => month.label)).toEqual([
      "January 2027 (from 1 January)",
      "December 2026 (from 1 December)",
      "November 2026",
    ]);
    const { months } = selectInsightMonth(now, ["2025-01", "2024-06"], "2024-06");
    expect(months.slice(-1).map((month) => month.value)).toEqual(["2024-06"]);
  });

  it("keeps a requested month with changes, and refuses one without or one that is not a month", () => {
    expect(selectInsightMonth(now, ["2026-10", "2026-09"], "2026-09")).toMatchObject({
      selected: "2026-09",
      selectedHasData: true,
    });
    expect(selectInsightMonth(now, ["2026-10"], "2026-09")).toMatchObject({
      selected: "2026-10",
      refused: { asked: "2026-09", reason: "no-data" },
    });
    expect(selectInsightMonth(now, ["2026-10"], "2026-13")).toMatchObject({
      selected: "2026-10",
      refused: { asked: "2026-13", reason: "not-a-month" },
    });
    expect(selectInsightMonth(now, [], undefined)).toMatchObject({ selected: "2026-11", latest: null });
  });

  it("offers every older month with changes behind 'Older months…', newest first", () => {
    expect(selectInsightMonth(now, ["2024-06", "2025-01", "2026-10"], undefined).older).toEqual([
      { value: "2025-01", label: "January 2025" },
      { value: "2024-06", label: "June 2024" },
    ]);
  });
});

describe("continuousCounts", () => {
  const counts = (period: string, increases: number) => ({
    period,
    additions: 0,
    deletions: 0,
    increases,
    decreases: 0,
    categoryChanges: 0,
    total: increases,
  });

  it("shows a month without changes as zero rather than skipping it", () => {
    const filled = continuousCounts([counts("2026-01", 4), counts("2026-04", 2)], "month");
    expect(filled.map((row) => [row.period, row.increases, row.total])).toEqual([
      ["2026-01", 4, 4],
      ["2026-02", 0, 0],
      ["2026-03", 0, 0],
      ["2026-04", 2, 2],
    ]);
  });

  it("steps a quarter at a time for a quarterly list", () => {
    const filled = continuousCounts([counts("2025-10", 1), counts("2026-04", 3)], "quarter");
    expect(filled.map((row) => [row.period, row.increases])).toEqual([
      ["2025-10", 1],
      ["2026-01", 0],
      ["2026-04", 3],
    ]);
  });

  it("has nothing to fill with no changes at all", () => {
    expect(continuousCounts([], "month")).toEqual([]);
  });
});

describe("percentBuckets", () => {
  it("puts each change in the band it falls in, edges going up", () => {
    const buckets = percentBuckets([-60, -50, -5, -0.1, 0.1, 5, 49.9, 50, 300, null]);
    expect(buckets.map((bucket) => [bucket.label, bucket.count])).toEqual([
      ["Below −50%", 1],
      ["−50% to −25%", 1],
      ["−25% to −10%", 0],
      ["−10% to −5%", 0],
      ["−5% to 0%", 2],
      ["0% to +5%", 1],
      ["+5% to +10%", 1],
      ["+10% to +25%", 0],
      ["+25% to +50%", 1],
      ["+50% or more", 2],
    ]);
  });
});

describe("biggestMovers", () => {
  it("ranks rises and falls separately, biggest first, up to the limit", () => {
    const rows = [5, -3, 40, null, -70, 12, 0].map((priceChangePercent, id) => ({ id, priceChangePercent }));
    const { up, down } = biggestMovers(rows, 2);
    expect(up.map((row) => row.priceChangePercent)).toEqual([40, 12]);
    expect(down.map((row) => row.priceChangePercent)).toEqual([-70, -3]);
  });
});
