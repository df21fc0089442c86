import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { hasRealData, realFile } from "@tests/fixtures/real-data";

import { editionDifference, rateGroupOf, reimburse, type ReimbursementInput } from "./reimbursement";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * The rates as the migration stores them, chosen as `ratesInForce` chooses them (each group's latest
 * `valid_from` on or before the date), so these examples follow the data the app really has.
 */
const migratedRates = [
  ...fs
    .readFileSync(path.resolve("drizzle/0007_discount_rates.sql"), "utf8")
    .matchAll(/\((\d), '([a-z-]+)', '(\d{4}-\d{2}-\d{2})', (\d+),/g),
].map(([, edition, group, from, bp]) => ({
  edition: Number(edition),
  group: group!,
  from: from!,
  bp: Number(bp),
}));

function ratesOn(edition: Edition, period: string): Map<string, number> {
  const date = `${period}-01`;
  const rates = new Map<string, number>();
  for (const rate of [...migratedRates].sort((a, b) => a.from.localeCompare(b.from)))
    if (rate.edition === edition && rate.from <= date) rates.set(rate.group, rate.bp);
  return rates;
}

/** A pack as a month's file lists it: no concession, on no list. */
const listed = (
  period: string,
  kind: ReimbursementInput["kind"],
  category: string,
  price: string | undefined,
  packSize: string | undefined,
  unit: string | undefined,
) => ({
  period,
  kind,
  category,
  zeroDiscount: false,
  pricePence: Number(price),
  concessionPence: null,
  packSize: Number(packSize),
  unit: unit ?? null,
});

const both = (input: Omit<ReimbursementInput, "edition" | "rates">) =>
  ([1, 2] as const).map((edition) => reimburse({ ...input, edition, rates: ratesOn(edition, input.period) }));

describe("the rate group of a pack", () => {
  it("follows the category for Part VIIIA, and the list or the concession before it", () => {
    const drug = { kind: "drug" as const, zeroDiscount: false, onConcession: false };
    expect(rateGroupOf({ ...drug, category: "A" })).toBe("generic");
    expect(rateGroupOf({ ...drug, category: "M" })).toBe("generic");
    expect(rateGroupOf({ ...drug, category: "H" })).toBe("category-h");
    expect(rateGroupOf({ ...drug, category: "C" })).toBe("brand");
    // An unknown future category is paid as a brand, not lost.
    expect(rateGroupOf({ ...drug, category: "Z" })).toBe("brand");
    expect(rateGroupOf({ ...drug, category: "M", onConcession: true })).toBe("concession");
    expect(rateGroupOf({ ...drug, category: "M", zeroDiscount: true, onConcession: true })).toBe("dnd");
  });

  it("makes appliances and branded Part IX packs appliances, other brands brands", () => {
    const facts = { zeroDiscount: false, onConcession: false };
    expect(rateGroupOf({ ...facts, kind: "appliance", category: "IXA" })).toBe("appliance");
    expect(rateGroupOf({ ...facts, kind: "brand", category: "Parts IXb and IXc" })).toBe("appliance");
    expect(rateGroupOf({ ...facts, kind: "brand", category: "Part VIIIA Category C" })).toBe("brand");
    // A concession is a Part VIIIA matter: it never changes a brand's group.
    expect(rateGroupOf({ ...facts, kind: "brand", category: null, onConcession: true })).toBe("brand");
  });
});

describe("a worked example, by hand", () => {
  const input: ReimbursementInput = {
    edition: 1,
    period: "2026-01",
    kind: "drug",
    category: "A",
    zeroDiscount: false,
    pricePence: 1000,
    concessionPence: null,
    packSize: 28,
    unit: "tablet",
    rates: new Map([["generic", 2000]]),
  };

  it("deducts the group's rate from the basic price and explains each step", () => {
    const result = reimburse(input);
    expect(result).toMatchObject({
      paidOnPence: 1000,
      group: "generic",
      rateBp: 2000,
      deductionPence: 200,
      perPackPence: 800,
    });
    expect(result.perUnitPence).toBeCloseTo(28.571, 3);
    expect(result.steps).toEqual([
      "Drug Tariff basic price in January 2026: £10.00.",
      "No price concession for January 2026: the basic price is paid.",
      "Category A is a generic: the generics deduction rate applies: 20% in England & Wales in January 2026, so £2.00 is deducted.",
      "Expected reimbursement: £8.00 per pack, 28.57p per tablet (28 in the pack).",
    ]);
  });

  it("says so, and gives no figure, when no rate is recorded for the group that month", () => {
    const result = reimburse({ ...input, rates: new Map() });
    expect(result.perPackPence).toBeNull();
    expect(result.perUnitPence).toBeNull();
    expect(result.steps.at(-1)).toMatch(/no England & Wales rate for it is recorded for January 2026/);
  });

  it("writes a unit price of a pound or more in pounds: a patch at 7790.50p is £77.91 a patch", () => {
    const patches = reimburse({
      ...input,
      kind: "brand",
      category: null,
      pricePence: 31_162,
      packSize: 4,
      unit: "patch",
      rates: new Map([["brand", 0]]),
    });
    expect(patches.perUnitPence).toBe(7790.5);
    expect(patches.steps.at(-1)).toBe(
      "Expected reimbursement: £311.62 per pack, £77.91 per patch (4 in the pack).",
    );
  });

  it("gives no unit price for a pack without a size", () => {
    expect(reimburse({ ...input, packSize: null }).perUnitPence).toBeNull();
  });

  it("compares the editions: Northern Ireland less England & Wales, and as a percentage", () => {
    expect(editionDifference(800, 820)).toEqual({ pence: 20, percent: 2.5 });
    expect(editionDifference(null, 820)).toBeNull();
    expect(editionDifference(0, 5)).toEqual({ pence: 5, percent: null });
  });
});

type Row = Record<string, string>;

/** A raw NHSBSA CSV: `\r\r\n` line ends, a title row and an empty row before the header. */
const rawRows = (file: string): Row[] =>
  parse(fs.readFileSync(realFile(file), "latin1").replace(/\r\r\n/g, "\n"), {
    columns: true,
    from_line: 3,
    skip_empty_lines: true,
    relax_column_count: true,
  });
const processedRows = (file: string): Row[] => {
  const bytes = fs.readFileSync(realFile(file));
  const text = file.endsWith(".gz") ? zlib.gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  return parse(text, { columns: true, skip_empty_lines: true });
};
const find = (rows: Row[], key: string, code: string) => {
  const row = rows.find((candidate) => candidate[key] === code);
  expect(row, `${code} is in the file`).toBeDefined();
  return row!;
};

describe.skipIf(!hasRealData)("worked examples from the real files", () => {
  const july2025 = hasRealData ? rawRows("nhsbsa-raw/viii_a_202507.csv") : [];
  const viiia = (code: string) => {
    const row = find(july2025, "VMPP Snomed Code", code);
    const category = row["Drug Tariff Category"]!.replace("Part VIIIA Category ", "");
    return listed("2025-07", "drug", category, row["Basic Price"], row["Pack size"], row[""]);
  };

  it("Category A, July 2025: Acarbose 100mg tablets 90, generics rate in each edition", () => {
    const [ew, ni] = both(viiia("1315211000001104"));
    expect(ew).toMatchObject({ pricePence: 4084, rateBp: 2000, perPackPence: 3267 });
    expect(ew!.perUnitPence).toBeCloseTo(36.3, 2);
    expect(ni).toMatchObject({ pricePence: 4084, rateBp: 1848, perPackPence: 3329 });
    expect(ni!.steps[2]).toBe(
      "Category A is a generic: the generics deduction rate applies: 18.48% in Northern Ireland in July 2025, so £7.55 is deducted.",
    );
  });

  it("Category M, July 2025: Acamprosate 333mg gastro-resistant tablets 168", () => {
    const [ew, ni] = both(viiia("994511000001109"));
    expect(ew).toMatchObject({ group: "generic", rateBp: 2000, perPackPence: 1931 });
    expect(ni).toMatchObject({ group: "generic", rateBp: 1848, perPackPence: 1968 });
  });

  it("Category C, July 2025: Abacavir 600mg / Lamivudine 300mg tablets 30, brands rate", () => {
    const [ew, ni] = both(viiia("8991611000001104"));
    expect(ew).toMatchObject({ pricePence: 35225, group: "brand", rateBp: 500, perPackPence: 33464 });
    expect(ni).toMatchObject({ group: "brand", rateBp: 527, perPackPence: 33369 });
  });

  it("Category H, March 2026: Etodolac 600mg modified-release tablets 30, at the generics rate until confirmed", () => {
    const row = find(
      processedRows("costmos-processed/drug_tariff_viii_a_202603.csv"),
      "vmpp_snomed_code",
      "980411000001103",
    );
    expect(row.drug_tariff_category).toBe("Part VIIIA Category H");
    const [ew, ni] = both(
      listed("2026-03", "drug", "H", row.basic_price_in_p, row.pack_size, row.unit_of_measure),
    );
    expect(ew).toMatchObject({ pricePence: 1556, group: "category-h", rateBp: 2000, perPackPence: 1245 });
    expect(ni).toMatchObject({ group: "category-h", rateBp: 1848, perPackPence: 1268 });
    expect(ew!.steps[2]).toMatch(/^Category H is deducted at the generics rate \(assumed/);
  });

  // A whole real Part IX month is read: it takes seconds on a loaded machine.
  it(
    "Part IX, May 2026: Cavilon No Sting barrier film wipes 30, appliances rate",
    { timeout: 30_000 },
    () => {
      const row = find(
        processedRows("costmos-processed/drug_tariff_ix_202605.csv.gz"),
        "pack_snomed_code",
        "9766211000001100",
      );
      const [ew, ni] = both(
        listed(
          "2026-05",
          "appliance",
          row.drug_tariff_part!,
          row.price_in_p,
          row.quantity,
          row.quantity_unit_of_measure,
        ),
      );
      expect(ew).toMatchObject({ pricePence: 2486, group: "appliance", rateBp: 985, perPackPence: 2241 });
      expect(ni).toMatchObject({ group: "appliance", rateBp: 1039, perPackPence: 2228 });
      expect(ew!.steps[0]).toBe("Drug Tariff price in May 2026: £24.86.");
    },
  );

  it("a concession month, December 2023: Acamprosate 168 at £22.76 replaces the basic price, undeducted in England & Wales", () => {
    const concession = find(
      processedRows("cpe-concessions/cpe_price_concessions_2023-12.csv"),
      "Drug",
      "Acamprosate 333mg gastro-resistant tablets",
    );
    expect(concession["Pack size"]).toBe("168");
    const concessionPence = Math.round(Number(concession["Price concession"]!.replace("£", "")) * 100);
    // The basic price of December 2023 is not among the real files: July 2025's stands in for it.
    const [ew, ni] = both({ ...viiia("994511000001109"), period: "2023-12", concessionPence });
    expect(ew).toMatchObject({
      pricePence: 2414,
      concessionPence: 2276,
      paidOnPence: 2276,
      group: "concession",
      rateBp: 0,
      perPackPence: 2276,
    });
    expect(ew!.steps[1]).toBe(
      "A price concession of £22.76 was granted for December 2023: it replaces the basic price for this month.",
    );
    // Northern Ireland's concession lines are undeducted only from April 2024: before, no rate is recorded.
    expect(ni).toMatchObject({ group: "concession", rateBp: null, perPackPence: null });
    const [, niLater] = both({ ...viiia("994511000001109"), period: "2025-07", concessionPence });
    expect(niLater).toMatchObject({ rateBp: 0, perPackPence: 2276 });
  });

  it("a pack on the Zero Discount List is paid without a deduction", () => {
    const [, ni] = both({ ...viiia("1315211000001104"), zeroDiscount: true });
    expect(ni).toMatchObject({ group: "dnd", rateBp: 0, perPackPence: 4084 });
    expect(ni!.steps[2]).toMatch(/^The pack is on the Zero Discount List, so no discount is deducted/);
  });
});
