import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import { getChangeRows, getInsightMonth, getPeriodCounts } from "./queries";

const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

const march2026 = new Date("2026-03-15T12:00:00Z");

describe("insights queries", () => {
  it("count each period's changes of the page's kind only, in the asked edition", async () => {
    expect(await getPeriodCounts(1, "price-changes-viiia")).toEqual([
      expect.objectContaining({ period: "2026-02", increases: 1, decreases: 1, total: 2 }),
      expect.objectContaining({ period: "2026-03", increases: 1, decreases: 0, total: 1 }),
    ]);
    expect(await getPeriodCounts(2, "price-changes-viiia")).toEqual([
      expect.objectContaining({ period: "2026-02", increases: 1, total: 1 }),
    ]);
    expect(await getPeriodCounts(1, "additions-deletions")).toEqual([
      expect.objectContaining({ period: "2026-02", additions: 1, deletions: 1, increases: 0, total: 2 }),
    ]);
    expect(await getPeriodCounts(1, "price-changes-catm")).toEqual([
      expect.objectContaining({ period: "2026-01", decreases: 1, total: 1 }),
    ]);
    expect(await getPeriodCounts(2, "price-changes-catm")).toEqual([]);
  });

  it("list a period's rows by name, with numbers as numbers", async () => {
    const rows = await getChangeRows(1, "additions-deletions", "2026-02");
    expect(rows.map((row) => [row.change, row.name, row.code])).toEqual([
      ["deletion", "Bisoprolol 10mg tablets", codes.deleted],
      ["addition", "Zopiclone 7.5mg tablets", codes.added],
    ]);
    const [category] = await getChangeRows(1, "category-changes", "2026-02");
    expect(category).toMatchObject({ oldCategory: "C", newCategory: "A", packSize: 28 });
    const catM = await getChangeRows(1, "price-changes-catm", "2026-01");
    expect(catM).toEqual([expect.objectContaining({ priceChangePercent: -33.33, priceChangePence: -50 })]);
  });

  it("open on the month in force when it is loaded, even without changes, and mark the months loaded", async () => {
    const month = await getInsightMonth(1, "additions-deletions", {}, march2026);
    expect(month.selection).toMatchObject({ selected: "2026-03", selectedHasData: true, latest: "2026-03" });
    expect(month.rows).toEqual([]);
    expect(month.selection.months).toHaveLength(8);
    expect(month.selection.months.slice(0, 3)).toEqual([
      { value: "2026-03", label: "March 2026", hasData: true },
      { value: "2026-02", label: "February 2026", hasData: true },
      { value: "2026-01", label: "January 2026", hasData: true },
    ]);
    const february = await getInsightMonth(1, "additions-deletions", { month: "2026-02" }, march2026);
    expect(february.rows).toHaveLength(2);
  });

  it("say when the asked month has no data, and filter by change and name", async () => {
    const empty = await getInsightMonth(1, "additions-deletions", { month: "2025-06" }, march2026);
    expect(empty.selection).toMatchObject({
      selected: "2026-03",
      refused: { asked: "2025-06", reason: "no-data" },
    });
    const additions = await getInsightMonth(
      1,
      "additions-deletions",
      { change: "addition", month: "2026-02" },
      march2026,
    );
    expect(additions.shown.map((row) => row.name)).toEqual(["Zopiclone 7.5mg tablets"]);
    const searched = await getInsightMonth(1, "price-changes-viiia", { searchTerm: "furo" }, march2026);
    expect(searched.selection.selected).toBe("2026-03");
    const february = await getInsightMonth(
      1,
      "price-changes-viiia",
      { month: "2026-02", direction: "down" },
      march2026,
    );
    expect(february.shown.map((row) => row.name)).toEqual(["Furosemide 40mg tablets"]);
    expect(february.rows).toHaveLength(2);
  });

  it("read the part chosen on Additions & Deletions, among those the edition publishes", async () => {
    const appliances = await getInsightMonth(1, "additions-deletions", { part: "ix" }, march2026);
    expect(appliances.part).toBe("ix");
    expect(appliances.selection).toMatchObject({ selected: "2026-03", latest: "2026-03" });
    expect(appliances.shown.map((row) => [row.change, row.name])).toEqual([["addition", "Acme Gauze small"]]);
    // Northern Ireland has no Part VIIIB: the page falls back to Part I.
    expect((await getInsightMonth(2, "additions-deletions", { part: "viiib" }, march2026)).part).toBe(
      "viiia",
    );
    // Other pages keep their own part whatever the URL says.
    expect((await getInsightMonth(1, "price-changes-viiia", { part: "ix" }, march2026)).part).toBe("viiia");
  });

  it("add an older requested month with data to the selector", async () => {
    const old = await getInsightMonth(1, "price-changes-catm", { month: "2025-10" }, new Date("2026-12-01"));
    expect(old.selection.selected).toBe("2025-10");
    expect(old.selection.months.map((month) => month.value)).toContain("2025-10");
    expect(old.selection.older.map((month) => month.value)).toContain("2026-01");
  });
});
