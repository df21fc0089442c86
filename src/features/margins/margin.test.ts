import { describe, expect, it } from "vitest";

import {
  choosePack,
  mapRows,
  marginOf,
  marginTotals,
  nameConfidence,
  needsChecking,
  parseCost,
  parsePackSize,
  productKey,
  splitPackFromName,
  suggestMapping,
  turnedLoss,
} from "./margin";

const table = (...rows: string[][]) => rows.map((cells, at) => ({ line: at + 1, cells }));

describe("suggestMapping", () => {
  it("guesses the columns from the headers' words", () => {
    expect(suggestMapping(["Description", "Pack size", "Net cost"], null)).toEqual({
      product: "Description",
      code: null,
      packSize: "Pack size",
      cost: "Net cost",
    });
  });

  it("tells a code column from a name column", () => {
    expect(suggestMapping(["Product", "Product code", "Pack", "Cost"], null)).toEqual({
      product: "Product",
      code: "Product code",
      packSize: "Pack",
      cost: "Cost",
    });
    expect(suggestMapping(["PIP code", "Price"], null)).toEqual({
      product: null,
      code: "PIP code",
      packSize: null,
      cost: "Price",
    });
  });

  it("offers the remembered mapping when the file has its columns", () => {
    const remembered = { product: "Item", code: null, packSize: null, cost: "Paid" };
    expect(suggestMapping(["Item", "Paid"], remembered)).toEqual(remembered);
    expect(suggestMapping(["Product", "Price"], remembered)).toEqual({
      product: "Product",
      code: null,
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
  const mapping = { product: "Product", code: null, packSize: "Pack", cost: "Cost" };

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
      {
        row: 2,
        product: "Amoxicillin 500mg capsules",
        name: "Amoxicillin 500mg capsules",
        code: null,
        packSize: "21",
        costPence: 110,
      },
      { row: 6, product: "123456789", name: "123456789", code: null, packSize: null, costPence: 200 },
    ]);
    expect(problems).toEqual([
      { row: 3, message: "Row 3: no product name or code." },
      { row: 4, message: 'Row 4: the cost "abc" is not an amount such as 12.50.' },
    ]);
  });

  it("says which mapped column the file lacks", () => {
    expect(mapRows(table(["Name", "Cost"]), mapping).problems[0]!.message).toBe(
      'The file has no column "Product" (product name) or "Pack" (pack size).',
    );
  });

  it("reads a name and a code column side by side; either one makes a line", () => {
    const { lines, problems } = mapRows(
      table(
        ["Product", "Code", "Pack", "Cost"],
        ["Aciclovir 400mg tablets", "1109511000001108", "56", "2.60"],
        ["", " 1109511000001108 ", "", "2.60"],
        ["", "", "56", "2.60"],
      ),
      { ...mapping, code: "Code" },
    );
    expect(lines.map(({ product, name, code }) => ({ product, name, code }))).toEqual([
      { product: "Aciclovir 400mg tablets", name: "Aciclovir 400mg tablets", code: "1109511000001108" },
      { product: "1109511000001108", name: null, code: "1109511000001108" },
    ]);
    expect(problems).toEqual([{ row: 4, message: "Row 4: no product name or code." }]);
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
      needsChecking: 0,
      costPence: 1950,
      reimbursementPence: 2000,
      marginPence: 50,
      losses: 1,
    });
  });
});

describe("marginTotals and needsChecking", () => {
  it("leaves a line waiting for the user's check out of every sum, and counts it", () => {
    expect(
      marginTotals([
        { costPence: 800, reimbursementPence: 1000 },
        { costPence: 5000, reimbursementPence: 1000, needsChecking: true },
      ]),
    ).toMatchObject({ lines: 2, matched: 1, needsChecking: 1, costPence: 800, marginPence: 200, losses: 0 });
  });

  it("is a name matched below the threshold; never a code, a correction or a confirmation", () => {
    expect(needsChecking({ matchedBy: "name", confidence: 40 })).toBe(true);
    expect(needsChecking({ matchedBy: "name", confidence: 85 })).toBe(false);
    expect(needsChecking({ matchedBy: "none", confidence: 0 })).toBe(false);
    expect(needsChecking({ matchedBy: "confirmed", confidence: 100 })).toBe(false);
  });
});

describe("parsePackSize", () => {
  it.each([
    ["56", 56],
    ["56 tablets", 56],
    ["56's", 56],
    ["x56", 56],
    ["OP 28", 28],
    ["Pack of 100", 100],
    ["1 x 56", 56],
    ["2x28", 56],
    ["10 x 2ml", 10],
    ["500ml", 500],
    ["4.5", 4.5],
    ["1,000", 1000],
  ])("%j is %d", (text, size) => expect(parsePackSize(text)).toBe(size));

  it.each([null, "", "each", "0"])("%j is no size", (text) => expect(parsePackSize(text)).toBeNull());
});

describe("splitPackFromName", () => {
  it.each([
    ["Aciclovir 400mg tablets 56", "Aciclovir 400mg tablets", 56],
    ["Aciclovir 400mg tablets x56", "Aciclovir 400mg tablets", 56],
    ["Aciclovir 400mg tablets, 56 tabs", "Aciclovir 400mg tablets", 56],
    ["Aciclovir 400mg tablets (56)", "Aciclovir 400mg tablets", 56],
    ["Aciclovir 5% cream 10g", "Aciclovir 5% cream", 10],
    ["Aciclovir 400mg tablets 2 x 28", "Aciclovir 400mg tablets", 56],
    ["Aciclovir 400mg tablets x 56", "Aciclovir 400mg tablets", 56],
    ["Glucose powder for oral use BP 1980 x500", "Glucose powder for oral use BP 1980", 500],
  ])("%j is %j of %d", (text, name, size) => expect(splitPackFromName(text)).toEqual({ name, size }));

  it.each(["Aciclovir 400mg tablets", "Paracetamol 500mg", "Sodium chloride 0.9%"])(
    "%j ends with no pack size",
    (text) => expect(splitPackFromName(text)).toBeNull(),
  );
});

describe("productKey", () => {
  it("writes a supplier's spelling of a name as the tariff's", () => {
    const tariff = productKey("Aciclovir 400mg tablets");
    for (const spelling of ["ACICLOVIR 400MG TABLETS", "Aciclovir 400 mg tabs", "aciclovir 400mg tablet."])
      expect(productKey(spelling)).toBe(tariff);
    expect(productKey("Morphine 10mg m/r tabs")).toBe(productKey("Morphine 10mg modified-release tablets"));
    expect(productKey("Lactulose soln s/f")).toBe(productKey("Lactulose solution sugar free"));
    expect(productKey("Levothyroxine 25mcg tablets")).toBe(productKey("Levothyroxine 25microgram tablets"));
  });

  it("keeps apart what differs: strength and form", () => {
    expect(productKey("Aciclovir 400mg tablets")).not.toBe(productKey("Aciclovir 800mg tablets"));
    expect(productKey("Aciclovir 400mg tablets")).not.toBe(productKey("Aciclovir 400mg dispersible tablets"));
  });
});

describe("choosePack", () => {
  const packs = [
    { size: 28, code: "a" },
    { size: 56, code: "b" },
  ];

  it("takes the pack of the line's size", () => {
    expect(choosePack("Aciclovir 400mg tablets", packs, 56)).toEqual({
      pack: packs[1],
      note: null,
      several: false,
    });
  });

  it("says which sizes the tariff lists when it has none of the line's", () => {
    expect(choosePack("Aciclovir 400mg tablets", packs, 30)).toEqual({
      pack: null,
      note: "No 30-pack of Aciclovir 400mg tablets in the tariff: 28 and 56 are",
      several: false,
    });
    expect(choosePack("Aciclovir 800mg dispersible tablets", [packs[0]!], 100).note).toBe(
      "No 100-pack of Aciclovir 800mg dispersible tablets in the tariff: 28 is",
    );
  });

  it("takes a product's only size when the line gives none, and asks when there are several", () => {
    expect(choosePack("Bisoprolol 10mg tablets", [packs[0]!], null).pack).toBe(packs[0]);
    expect(choosePack("Aciclovir 400mg tablets", packs, null)).toEqual({
      pack: null,
      note: "Which pack? Aciclovir 400mg tablets comes in 28 and 56 in the tariff: give the pack size",
      several: false,
    });
  });

  it("takes the first of several packs of one size, and says there are several", () => {
    expect(choosePack("Foam dressing", [packs[0]!, { size: 28, code: "c" }], 28)).toEqual({
      pack: packs[0],
      note: null,
      several: true,
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
