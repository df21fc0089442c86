import { beforeAll, describe, expect, it } from "vitest";

import { concessions, partIxPrices, partViiiaPrices, zeroDiscount } from "@/db/schema";
import { setupTestDatabase } from "@tests/fixtures/db";
import { asShown } from "@tests/fixtures/shown-rows";
import { insertDatasets } from "@tests/fixtures/tariff-rows";

import { listRows } from "./queries";
import { getEditionComparison, getProductReimbursement } from "./reimbursement-queries";

/**
 * Both editions list three Part VIIIA packs and one Part IX pack in July 2025, with the rates the
 * migration stores (England & Wales: generics 20%, brands 5%, appliances 9.85%; Northern Ireland:
 * 18.48%, 5.27%, 10.39%). Pack A is on concession that month; pack C is on Northern Ireland's Zero
 * Discount List (released in April, so still in force in July).
 */
const database = setupTestDatabase();
const code = { a: "1100001", c: "1100002", zero: "1100003", appliance: "2200001" };
/** Mid-July 2025: July is the month in force. */
const july = new Date("2025-07-15T12:00:00Z");

beforeAll(async () => {
  const { db } = database;
  await insertDatasets(db, [
    [1, "viiia", "2025-06-01"],
    [1, "viiia", "2025-07-01"],
    [2, "viiia", "2025-07-01"],
    [1, "ix", "2025-07-01"],
    [2, "ix", "2025-07-01"],
  ]);
  const line = (edition: number, vmpp: string, medicine: string, category: string, price: number) => ({
    edition,
    period: "2025-07-01",
    medicine,
    packSize: 28,
    unitOfMeasure: "tablet",
    vmppSnomedCode: vmpp,
    category,
    basicPricePence: price,
  });
  await db
    .insert(partViiiaPrices)
    .values([
      line(1, code.a, "Amlodipine 5mg tablets", "M", 1000),
      line(2, code.a, "Amlodipine 5mg tablets", "M", 1100),
      { ...line(1, code.a, "Amlodipine 5mg tablets", "M", 900), period: "2025-06-01" },
      line(1, code.c, "Brandish 10mg tablets", "C", 10000),
      line(2, code.c, "Brandish 10mg tablets", "C", 10000),
      line(1, code.zero, "Insulin pens", "A", 2000),
      line(2, code.zero, "Insulin pens", "A", 2000),
    ]);
  await db.insert(concessions).values({
    edition: 1,
    period: "2025-07-01",
    drug: "Amlodipine 5mg tablets",
    packSize: "28",
    pricePence: 1500,
    vmppSnomedCode: code.a,
  });
  await db.insert(zeroDiscount).values({
    edition: 2,
    period: "2025-04-01",
    drugName: "Insulin pens",
    vmppSnomedCode: code.zero,
  });
  const appliance = {
    period: "2025-07-01",
    ampName: "Acme Foam 10cm",
    quantity: 10,
    quantityUnitOfMeasure: "dressing",
    packSnomedCode: code.appliance,
    pricePence: 2000,
  };
  await db.insert(partIxPrices).values([
    { ...appliance, edition: 1, part: "IXA" },
    { ...appliance, edition: 2, part: "IIId" },
  ]);
});

describe("a pack's reimbursement over twelve months", () => {
  it("ends with the month in force, each edition at its own rates, concession and list", async () => {
    const months = await getProductReimbursement("drug", code.a, july);
    expect(months).toHaveLength(12);
    expect(months[0]!.period).toBe("2025-07");
    expect(months[11]!.period).toBe("2024-08");
    // The concession replaces both editions' basic prices and is undeducted in both.
    expect(months[0]!.editions[1]).toMatchObject({
      pricePence: 1000,
      concessionPence: 1500,
      perPackPence: 1500,
    });
    expect(months[0]!.editions[2]).toMatchObject({
      pricePence: 1100,
      concessionPence: 1500,
      perPackPence: 1500,
    });
    // June: England & Wales only, at the generics rate; Northern Ireland did not list it.
    expect(months[1]!.editions).toEqual({ 1: expect.objectContaining({ perPackPence: 720, rateBp: 2000 }) });
    expect(months[2]!.editions).toEqual({});
    // Northern Ireland had published no Part I for June: not published, which is not "not listed".
    expect(months[1]!.standing).toEqual({ 1: "listed", 2: "not-published" });
    expect(months[0]!.coming).toBe(false);
  });

  it("starts with the month in force, and shows months before their 1st only as coming", async () => {
    const june = new Date("2025-06-20T12:00:00Z");
    const months = await getProductReimbursement("drug", code.a, june);
    expect(months.map((month) => [month.period, month.coming]).slice(0, 2)).toEqual([
      ["2025-07", true],
      ["2025-06", false],
    ]);
    expect(months).toHaveLength(13);
  });

  it("applies Northern Ireland's Zero Discount List in force, not England & Wales'", async () => {
    const [month] = await getProductReimbursement("drug", code.zero, july);
    expect(month!.editions[1]).toMatchObject({ group: "generic", perPackPence: 1600 });
    expect(month!.editions[2]).toMatchObject({ group: "dnd", rateBp: 0, perPackPence: 2000 });
  });

  it("reads an appliance's lines by pack code", async () => {
    const [month] = await getProductReimbursement("appliance", code.appliance, july);
    expect(month!.editions[1]).toMatchObject({ rateBp: 985, perPackPence: 1803 });
    expect(month!.editions[2]).toMatchObject({ rateBp: 1039, perPackPence: 1792 });
  });

  it("is empty for a code no month lists", async () => {
    expect(await getProductReimbursement("drug", "1999999")).toEqual([]);
  });
});

describe("the comparison of the editions", () => {
  it("lists the packs both editions price, the largest difference first", async () => {
    const comparison = await getEditionComparison({ part: "viiia" });
    expect(comparison).toMatchObject({
      periods: ["2025-07"],
      period: "2025-07",
      categories: ["A", "C", "M"],
      total: 3,
    });
    expect(
      comparison.packs.map((pack) => [
        pack.code,
        pack.englandAndWales.perPackPence,
        pack.northernIreland.perPackPence,
        pack.differencePence,
        pack.differencePercent,
      ]),
    ).toEqual([
      // Zero Discount List in Northern Ireland: £20.00 against 20% off in England & Wales.
      [code.zero, 1600, 2000, 400, 25],
      // 5% and 5.27% of £100.00.
      [code.c, 9500, 9473, -27, -0.28],
      [code.a, 1500, 1500, 0, 0],
    ]);
    expect(comparison.packs[0]).toMatchObject({ href: `/drug-info/${code.zero}`, name: "Insulin pens" });
  });

  it("filters by category, and compares Part IX by pack code", async () => {
    const onlyC = await getEditionComparison({ part: "viiia", category: "C" });
    expect(onlyC.packs.map((pack) => pack.code)).toEqual([code.c]);
    const ix = await getEditionComparison({ part: "ix" });
    expect(ix.packs).toEqual([
      expect.objectContaining({
        code: code.appliance,
        category: "IXA",
        differencePence: -11,
        href: `/appliance-info/${code.appliance}`,
      }),
    ]);
  });

  it("falls back to the newest month both editions loaded when another is asked for", async () => {
    expect((await getEditionComparison({ part: "viiia", month: "2025-06" })).period).toBe("2025-07");
  });
});

describe("the Part VIIIA list", () => {
  it("gives each pack the month's concession and the net price its product page gives, in each edition", async () => {
    const byCode = async (edition: 1 | 2) =>
      new Map(
        (await listRows("partviiia", edition, "2025-07-01"))
          .map((row) => asShown("partviiia", "2025-07-01", row))
          .map((row) => [row.vmppSnomedCode, row]),
      );
    const englandAndWales = await byCode(1);
    // On concession: the concession replaces the basic price, and no discount is deducted from it.
    expect(englandAndWales.get(code.a)).toMatchObject({
      basicPrice: 1000,
      concessionPrice: 1500,
      discountRate: 0,
      netPrice: 1500,
    });
    expect(englandAndWales.get(code.a)!.netHint).toContain("concession of £15.00 replaces the basic price");
    expect(englandAndWales.get(code.zero)).toMatchObject({
      concessionPrice: null,
      discountRate: 20,
      netPrice: 1600,
    });

    const northernIreland = await byCode(2);
    // Northern Ireland applies England's concessions; the pack on its Zero Discount List is paid in full.
    expect(northernIreland.get(code.a)).toMatchObject({
      basicPrice: 1100,
      concessionPrice: 1500,
      netPrice: 1500,
    });
    expect(northernIreland.get(code.zero)).toMatchObject({ discountRate: 0, netPrice: 2000 });
    expect(northernIreland.get(code.zero)!.netHint).toBe(
      "No discount deducted from the July 2025 basic price: £20.00",
    );
  });
});
