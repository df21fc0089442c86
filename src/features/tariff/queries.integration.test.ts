import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { importFile } from "../imports/service";
import { listFilterOptions, listPeriods, listRows } from "./queries";

/** What the list pages read: the loaded months of a part, and a month's rows narrowed by the URL. */
const database = setupTestDatabase();
const files = tariffFileFolder("tariff-queries");

beforeAll(async () => {
  const december = viiiaRows.map((row) => [...row.slice(0, 6), Number(row[6]) + 100]);
  for (const [name, content] of [
    ["Drug Tariff Part VIIIA December 2025.csv", viiiaCsv("December 2025", december)],
    ["Drug Tariff Part VIIIA January 2026.csv", viiiaCsv("January 2026")],
  ] as const) {
    const outcome = await importFile(database.db, files.write(name, content), { actor: "test" });
    expect(outcome.status, outcome.message).toBe("imported");
  }
});

describe("the list queries", () => {
  it("list the months loaded for a part and edition, newest first", async () => {
    expect(await listPeriods("partviiia", 1)).toEqual(["2026-01-01", "2025-12-01"]);
    expect(await listPeriods("partviiia", 2)).toEqual([]);
  });

  it("return the month's rows in pence, with the net price and a link to the pack's page", async () => {
    const rows = await listRows("partviiia", 1, "2026-01-01");
    expect(rows).toHaveLength(viiiaRows.length);
    expect(rows[3]).toMatchObject({
      medicine: "Amiloride 5mg tablets",
      packSize: 28,
      category: "A",
      basicPrice: 1200,
      discountRate: 20,
      netPrice: 960,
      href: "/drug-info/1034611000001106",
    });
    expect(rows[3]!.netHint).toContain("20.00% discount");
    const december = await listRows("partviiia", 1, "2025-12-01");
    expect(december.find((row) => row.medicine === "Amiloride 5mg tablets")?.basicPrice).toBe(1300);
  });

  it("narrow by search term (case-insensitive, wildcards taken literally) and by category", async () => {
    const search = (searchTerm: string, category?: string) =>
      listRows("partviiia", 1, "2026-01-01", { searchTerm, filters: { category } }).then((rows) =>
        rows.map((row) => row.medicine),
      );
    expect(await search("TABLETS")).toEqual([
      "Abacavir 600mg / Lamivudine 300mg tablets",
      "Acamprosate 333mg gastro-resistant tablets",
      "Amiloride 5mg tablets",
    ]);
    expect(await search("tablets", "A")).toEqual(["Amiloride 5mg tablets"]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("1 in 10,000")).toHaveLength(1);
  });

  it("offer the categories present that month as the filter's choices", async () => {
    expect(await listFilterOptions("partviiia", 1, "2026-01-01")).toEqual({ category: ["A", "C", "M"] });
  });
});
