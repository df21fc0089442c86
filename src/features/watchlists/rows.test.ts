import { describe, expect, it } from "vitest";

import { tableCsv } from "@/components/data-table/csv";
import { readSpreadsheetCsv } from "@tests/fixtures/spreadsheet-csv";

import type { WatchlistEntry } from "./queries";
import { filterWatchlistRows, flagsOf, historyOf, toWatchlistRow, watchlistColumns } from "./rows";

const entry: WatchlistEntry = {
  kind: "drug",
  code: "1000001",
  name: "Amlodipine 5mg tablets",
  packSize: 28,
  unit: "tablet",
  part: "viiia",
  subPart: null,
  pricePence: 150,
  netPricePence: 120,
  previousPricePence: 120,
  category: "A",
  previousCategory: "A",
  concessionPence: null,
  discontinued: false,
  listedThisMonth: true,
  listedLastMonth: true,
  next: null,
  history: [120, 150],
};

describe("a watched pack's row", () => {
  it("gives the change since last month in pence and per cent", () => {
    expect(toWatchlistRow(entry, 1)).toMatchObject({
      name: "Amlodipine 5mg tablets",
      pack: "28 tablet",
      price: 150,
      lastPrice: 120,
      change: 30,
      changePercent: 25,
      concession: "None",
      part: "Part VIIIA",
      href: "/drug-info/1000001",
      flags: null,
    });
  });

  it("names the part as the reader's edition does", () => {
    expect(toWatchlistRow(entry, 2).part).toBe("Part I");
    expect(toWatchlistRow({ ...entry, kind: "appliance", part: "ix", subPart: "IXA" }, 1)).toMatchObject({
      part: "Part IXA",
      concession: null,
      href: "/appliance-info/1000001",
    });
  });

  it("has no change when either month has no price", () => {
    expect(toWatchlistRow({ ...entry, previousPricePence: null, listedLastMonth: false }, 1)).toMatchObject({
      change: null,
      changePercent: null,
    });
  });

  it("shows a concession granted this month", () => {
    expect(toWatchlistRow({ ...entry, concessionPence: 300 }, 1)).toMatchObject({
      concession: "Granted",
      concessionPrice: 300,
    });
  });

  it("flags a deletion, a discontinuation and a category change", () => {
    expect(flagsOf({ ...entry, listedThisMonth: false, pricePence: null, category: null })).toEqual([
      "Deleted",
    ]);
    expect(flagsOf({ ...entry, listedThisMonth: false, listedLastMonth: false })).toEqual([
      "Not listed this month",
    ]);
    expect(flagsOf({ ...entry, discontinued: true })).toEqual(["Discontinued"]);
    expect(flagsOf({ ...entry, previousCategory: "C" })).toEqual(["Category changed from C"]);
  });

  it("says what changes in the month published ahead of its 1st", () => {
    const next = { period: "2026-12", pricePence: 180, netPricePence: 144, category: "A", listed: true };
    expect(flagsOf({ ...entry, next })).toEqual(["From 1 December: net £1.20 → £1.44"]);
    expect(toWatchlistRow({ ...entry, next }, 1)).toMatchObject({ nextNetPrice: 144 });
    expect(flagsOf({ ...entry, next: { ...next, category: "M" } })).toContain(
      "Category A → M from 1 December",
    );
    expect(
      flagsOf({ ...entry, next: { ...next, listed: false, pricePence: null, netPricePence: null } }),
    ).toEqual(["Deleted from 1 December"]);
    // Unchanged next month: nothing to say.
    expect(flagsOf({ ...entry, next: { ...next, netPricePence: 120 } })).toEqual([]);
  });
});

describe("the watchlist's 12 months and filters", () => {
  it("carries the prices for the sparkline", () => {
    expect(historyOf(toWatchlistRow(entry, 1))).toEqual([120, 150]);
    expect(historyOf(toWatchlistRow({ ...entry, history: [] }, 1))).toEqual([]);
  });

  it("exports figures a spreadsheet can add up, and no screen-reader words for the sparkline", () => {
    const rows = [toWatchlistRow({ ...entry, pricePence: 130, history: [783, 450] }, 1)];
    const csv = readSpreadsheetCsv(tableCsv(watchlistColumns, rows));
    expect(csv.problems).toEqual([]);
    expect(csv.header).not.toContain("12 months");
    expect(csv.rows[0]!.join(",")).not.toMatch(/months' prices|£/);
    expect(csv.records[0]).toMatchObject({
      "Price (£)": "1.30",
      "Net price (£)": "1.20",
      "Last month (£)": "1.20",
      "Change (£)": "0.10",
      // At full precision: 10p on £1.20.
      "Change (%)": String((10 / 120) * 100),
    });
  });

  const rows = [
    toWatchlistRow(entry, 1),
    toWatchlistRow(
      { ...entry, code: "2000002", name: "Bandage", kind: "appliance", part: "ix", subPart: "IXA" },
      1,
    ),
    toWatchlistRow({ ...entry, code: "3000003", name: "Atenolol", discontinued: true }, 1),
  ];

  it("keeps rows whose name or code holds the text, in any case", () => {
    expect(
      filterWatchlistRows(rows, { text: "AML", part: "", flaggedOnly: false }).map((r) => r.code),
    ).toEqual(["1000001"]);
    expect(
      filterWatchlistRows(rows, { text: "2000", part: "", flaggedOnly: false }).map((r) => r.code),
    ).toEqual(["2000002"]);
  });

  it("keeps one part's rows, or only the flagged ones", () => {
    expect(filterWatchlistRows(rows, { text: "", part: "Part IXA", flaggedOnly: false })).toHaveLength(1);
    expect(filterWatchlistRows(rows, { text: "", part: "", flaggedOnly: true }).map((r) => r.name)).toEqual([
      "Atenolol",
    ]);
    expect(filterWatchlistRows(rows, { text: "", part: "", flaggedOnly: false })).toHaveLength(3);
  });
});
