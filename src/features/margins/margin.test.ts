import { describe, expect, it } from "vitest";

import type { ReimbursementMonth } from "@/features/tariff/pack-months";

import {
  figureThisMonth,
  mapRows,
  marginOf,
  marginTotals,
  nameConfidence,
  parseCost,
  suggestMapping,
  turnedLoss,
} from "./margin";

const table = (...rows: string[][]) => rows.map((cells, at) => ({ line: at + 1, cells }));

describe("suggestMapping", () => {
  it("guesses the columns from the headers' words", () => {
    expect(suggestMapping(["Description", "Pack size", "Net cost"], null)).toEqual({
      product: "Description",
      packSize: "Pack size",
      cost: "Net cost",
    });
  });

  it("offers the remembered mapping when the file has its columns", () => {
    const remembered = { product: "Item", packSize: null, cost: "Paid" };
    expect(suggestMapping(["Item", "Paid"], remembered)).toEqual(remembered);
    expect(suggestMapping(["Product", "Price"], remembered)).toEqual({
      product: "Product",
      packSize: null,
      cost: "Price",
    });
  });

  it("offers nothing without a product and a cost column", () => {
    expect(suggestMapping(["A", "B"], null)).toBeNull();
  });
});

describe("parseCost", () => {
  it.each([
    ["£1.23", 123],
    ["12.5", 1250],
    ["1,234.56", 123456],
    [" 7 ", 700],
  ])("%s is %i pence", (text, pence) => expect(parseCost(text)).toBe(pence));

  it.each(["", "free", "-1.00", "1.234", "12 each"])("%j is no cost", (text) =>
    expect(parseCost(text)).toBeNull(),
  );
});

describe("mapRows", () => {
  const mapping = { product: "Product", packSize: "Pack", cost: "Cost" };

  it("keeps the good rows and names each bad row's number", () => {
    const { lines, problems } = mapRows(
      table(
        ["Product", "Pack", "Cost"],
        ["Amoxicillin 500mg capsules", "21", "£1.10"],
        ["", "28", "1"],
        ["Paracetamol", "32", "abc"],
        ["", "", ""],
        ["123456789", "", "2.00"],
      ),
      mapping,
    );
    expect(lines).toEqual([
      { row: 2, product: "Amoxicillin 500mg capsules", packSize: "21", costPence: 110 },
      { row: 6, product: "123456789", packSize: null, costPence: 200 },
    ]);
    expect(problems).toEqual([
      { row: 3, message: "Row 3: no product name or code." },
      { row: 4, message: 'Row 4: the cost "abc" is not an amount such as 12.50.' },
    ]);
  });

  it("says which mapped column the file lacks", () => {
    expect(mapRows(table(["Name", "Cost"]), mapping).problems[0]!.message).toBe(
      'The file has no column "Product" (product) or "Pack" (pack size).',
    );
  });

  it("says an empty file is empty", () => {
    expect(mapRows([], mapping).problems).toEqual([{ row: 1, message: "The file is empty." }]);
  });
});

describe("marginOf and marginTotals", () => {
  it("is reimbursement less cost, in pence and per cent of the reimbursement", () => {
    expect(marginOf(800, 1000)).toEqual({ pence: 200, percent: 20, loss: false });
    expect(marginOf(1150, 1000)).toEqual({ pence: -150, percent: -15, loss: true });
    expect(marginOf(100, null)).toBeNull();
    expect(marginOf(100, 0)).toEqual({ pence: -100, percent: null, loss: true });
  });

  it("totals only the lines with a reimbursement", () => {
    expect(
      marginTotals([
        { costPence: 800, reimbursementPence: 1000 },
        { costPence: 1150, reimbursementPence: 1000 },
        { costPence: 500, reimbursementPence: null },
      ]),
    ).toEqual({
      lines: 3,
      matched: 2,
      costPence: 1950,
      reimbursementPence: 2000,
      marginPence: 50,
      losses: 1,
    });
  });
});

describe("nameConfidence", () => {
  it("is highest for the same name and lowest for a near spelling", () => {
    expect(nameConfidence("paracetamol 500mg tablets", "paracetamol 500mg tablets")).toBe(95);
    expect(nameConfidence("paracetamol 500mg", "paracetamol 500mg tablets")).toBe(85);
    expect(nameConfidence("500mg paracetamol", "paracetamol 500mg tablets")).toBe(70);
    expect(nameConfidence("paracetemol", "paracetamol 500mg tablets")).toBe(40);
  });
});

describe("figureThisMonth", () => {
  const figure = (perPackPence: number | null) =>
    ({
      perPackPence,
      pricePence: 1000,
      concessionPence: null,
      rateBp: perPackPence === null ? null : 2000,
    }) as never;
  const month = (
    period: string,
    editions: ReimbursementMonth["editions"],
    standing: ReimbursementMonth["standing"],
    coming = false,
  ): ReimbursementMonth => ({ period, coming, editions, standing });
  const months = [
    month("2025-08", { 1: figure(700) }, { 1: "listed", 2: "not-published" }, true),
    month("2025-07", { 2: figure(900) }, { 1: "not-published", 2: "listed" }),
    month("2025-06", { 1: figure(800), 2: figure(850) }, { 1: "listed", 2: "listed" }),
  ];

  it("is the month in force, or the latest the edition published before it, never a month published ahead", () => {
    expect(figureThisMonth(months, 2)).toEqual({
      perPack: 900,
      explanation: "20% off £10.00",
      period: "2025-07",
    });
    expect(figureThisMonth(months, 1)).toMatchObject({ perPack: 800, period: "2025-06" });
  });

  it("is nothing when the edition does not list the pack in the month in force", () => {
    expect(figureThisMonth([month("2025-07", {}, { 1: "not-listed", 2: "listed" })], 1)).toBeNull();
    expect(figureThisMonth([], 1)).toBeNull();
  });
});

describe("turnedLoss", () => {
  it("is a figure below the cost where the last check found a profit, break-even or no figure", () => {
    expect(turnedLoss(1000, 1200, 900)).toBe(true);
    expect(turnedLoss(1000, 1000, 999)).toBe(true);
    expect(turnedLoss(1000, null, 900)).toBe(true);
  });

  it("is not a loss already known, a line never checked, nor a figure at or above the cost", () => {
    expect(turnedLoss(1000, 950, 900)).toBe(false);
    expect(turnedLoss(1000, undefined, 900)).toBe(false);
    expect(turnedLoss(1000, 1200, 1000)).toBe(false);
    expect(turnedLoss(1000, 1200, null)).toBe(false);
  });
});
