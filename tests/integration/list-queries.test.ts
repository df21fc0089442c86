import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";
import { asShown } from "@tests/fixtures/shown-rows";
import { noDmdFlags } from "@tests/fixtures/tariff-rows";

import { brandedPacks, zeroDiscount } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import { importFile } from "@/features/imports/service";
import { listFilterOptions, listPeriods, listRows } from "@/features/tariff/queries";

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
    });
    expect(asShown("partviiia", "2026-01-01", rows[3]!)).toMatchObject({
      href: "/drug-info/1034611000001106",
      netHint: "20.00% discount deducted from the January 2026 basic price: £9.60",
    });
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

describe("branded pack prices for each edition", () => {
  const pack = (code: string, name: string, pricePence: number, category: string | null = null) => ({
    edition: 1,
    period: "2026-01-01",
    amppSnomedCode: code,
    vmppSnomedCode: `9${code}`,
    name,
    supplier: "Acme Ltd",
    nhsIndicativePricePence: pricePence,
    drugTariffCategory: category,
    ...noDmdFlags,
    // As the dm+d import stores them: England & Wales' deductions.
    discountRateBp: category ? 985 : 500,
    netPricePence: Math.round((pricePence * (10000 - (category ? 985 : 500))) / 10000),
  });

  beforeAll(async () => {
    await database.db
      .insert(brandedPacks)
      .values([
        pack("101", "Brandex 10mg tablets", 10000),
        pack("102", "Exemptol 5mg tablets", 10000),
        pack("103", "Stomabag pouch", 10000, "Part IXC"),
      ]);
    // Northern Ireland's Zero Discount List released in December lists Exemptol's pack by its VMPP.
    await database.db.insert(zeroDiscount).values([
      { edition: 2, period: "2025-12-01", drugName: "Exemptol 5mg tablets", vmppSnomedCode: "9102" },
      { edition: 2, period: "2026-02-01", drugName: "Brandex 10mg tablets", amppSnomedCode: "101" },
    ]);
  });

  const prices = async (edition: Edition) =>
    (await listRows("brands", edition, "2026-01-01")).map((row) => [
      row.name,
      row.discountRate,
      row.netPrice,
    ]);

  it("shows England & Wales' deductions as imported", async () => {
    expect(await prices(1)).toEqual([
      ["Brandex 10mg tablets", 5, 9500],
      ["Exemptol 5mg tablets", 5, 9500],
      ["Stomabag pouch", 9.85, 9015],
    ]);
  });

  it("shows Northern Ireland's rates, and none for a pack on the Zero Discount List in force", async () => {
    const rows = await listRows("brands", 2, "2026-01-01");
    expect(rows.map((row) => [row.name, row.discountRate, row.netPrice])).toEqual([
      // The February list is not yet in force in January.
      ["Brandex 10mg tablets", 5.27, 9473],
      ["Exemptol 5mg tablets", 0, 10000],
      ["Stomabag pouch", 10.39, 8961],
    ]);
    expect(asShown("brands", "2026-01-01", rows[0]!).netHint).toBe(
      "5.27% discount deducted from the NHS indicative price: £94.73",
    );
  });
});
