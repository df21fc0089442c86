import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { monthNames, toPeriod, type PartId } from "@/lib/tariff-vocabulary";

import { describeName } from "./file-name";

describe("file names as NHSBSA publishes them (docs/data-formats.md)", () => {
  it.each([
    ["Part%20VIIIA%20September%202017.csv", "viiia", "2017-09"],
    ["Part VIIIA Nov 20 updated.csv", "viiia", "2020-11"],
    ["Part%20VIIIA%20May%2023.xls.csv", "viiia", "2023-05"],
    ["Part%20VIIIA%20Apr%2025.xls.xlsx", "viiia", "2025-04"],
    ["Part%20VIIIA%20December%2020251.csv", "viiia", "2025-12"],
    ["Part%20VIIIA%20December%2020251.xls_0.csv", "viiia", "2025-12"],
    ["Part VIIIA Sept 25.csv", "viiia", "2025-09"],
    ["Part VIIIA Sep 19_0.csv", "viiia", "2019-09"],
    ["Cat%20M%20Prices%20-%20Quarter%203%20Oct%2026.csv", "cat-m", "2026-10"],
    ["Category M Prices - December 2022.csv", "cat-m", "2022-12"],
    ["Part%20VIIIB%20Feb%2021_0.csv", "viiib", "2021-02"],
    ["Part%20VIIID%20Nov%2025%20%281%29.csv", "viiid", "2025-11"],
    ["Part VIIID Nov 25 (1).csv", "viiid", "2025-11"],
    ["Drug%20Tariff%20Part%20IX%20April%202025.xlsx", "ix", "2025-04"],
    ["Drug Tariff Part IX May 2025_0.xlsx", "ix", "2025-05"],
    ["Drug%20Tariff%20November%202025%20Part%20IX.csv", "ix", "2025-11"],
    ["drug_tariff_viii_a_202601.csv", "viiia", "2026-01"],
    ["drug_tariff_ix_202605.csv.gz", "ix", "2026-05"],
    ["drug_tariff_cat_m_202510.csv", "cat-m", "2025-10"],
    ["viii_b_202505.csv", "viiib", "2025-05"],
    ["cpe_price_concessions_2023-12.csv", "concessions", "2023-12"],
    ["f_ampp2_3010419.xml", "dmd", "2019-04"],
  ] as const)("%s → %s %s", (name, part, period) => {
    expect(describeName(name)).toMatchObject({ part, period });
  });

  it("reads NHSBSA title rows, which name the month but not the year", () => {
    expect(describeName("July Drug Tariff Part VIIIA")).toEqual({ part: "viiia", month: 7 });
    expect(describeName("May Drug Tariff Part VIIID")).toEqual({ part: "viiid", month: 5 });
    expect(describeName("Category M Prices - Quarter 2")).toEqual({ part: "cat-m", quarter: 2 });
  });

  it("tells Northern Ireland's parts, which also name the edition", () => {
    expect(describeName("NI Drug Tariff Part I January 2026.csv")).toMatchObject({
      part: "viiia",
      edition: 2,
      period: "2026-01",
    });
    expect(describeName("Northern Ireland Part II & III Jan 26.csv")).toMatchObject({
      part: "ix",
      edition: 2,
    });
    expect(describeName("ni_part_xi_2026-01.csv")).toMatchObject({ part: "blacklist", edition: 2 });
    expect(describeName("NI Part X January 2026.csv")).toMatchObject({ part: "borderline", edition: 2 });
    expect(describeName("NI Zero Discount List January 2026.csv")).toMatchObject({
      part: "zero-discount",
      edition: 2,
    });
    expect(describeName("Part XVIIIA January 2026.csv")).toMatchObject({ part: "blacklist" });
    expect(describeName("Part XVIIIA January 2026.csv").edition).toBeUndefined();
  });

  it("leaves out what a name does not say", () => {
    expect(describeName("prices.csv")).toEqual({});
    expect(describeName("Part VIIIA.csv")).toEqual({ part: "viiia" });
  });
});

/** How a publisher might spell a part in a file name. */
const partSpellings: Record<string, { part: PartId; spellings: string[] }> = {
  viiia: { part: "viiia", spellings: ["Part VIIIA", "Part%20VIIIA", "part_viiia", "drug_tariff_viii_a"] },
  viiib: { part: "viiib", spellings: ["Part VIIIB", "Part%20VIIIB", "drug_tariff_viii_b"] },
  viiid: { part: "viiid", spellings: ["Part VIIID", "Part%20VIIID", "drug_tariff_viii_d"] },
  catm: {
    part: "cat-m",
    spellings: ["Cat M Prices -", "Cat%20M%20Prices%20-%20Quarter%201", "Category M Prices -"],
  },
  ix: { part: "ix", spellings: ["Drug Tariff Part IX", "Drug%20Tariff%20Part%20IX", "drug_tariff_ix"] },
};

describe("file names, whatever their spelling (property)", () => {
  it("recover part and month from any combination of month word, year form, suffix and extension", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(partSpellings)),
        fc.nat(),
        fc.integer({ min: 2010, max: 2099 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("full", "short", "sept"),
        fc.constantFrom("4", "2", "typo"),
        fc.constantFrom("", "_0", " (1)", "%20%281%29", " updated"),
        fc.constantFrom(".csv", ".xls.csv", ".xlsx", ".xls.xlsx", ".csv.gz"),
        fc.boolean(),
        (spelling, pick, year, month, monthStyle, yearStyle, suffix, extension, monthFirst) => {
          const base = spelling.spellings[pick % spelling.spellings.length]!;
          const name = monthNames[month - 1]!;
          const word =
            monthStyle === "full" ? name : monthStyle === "sept" && month === 9 ? "Sept" : name.slice(0, 3);
          const yearText =
            yearStyle === "4" ? String(year) : yearStyle === "2" ? String(year).slice(2) : `${year}1`;
          const separator = base.includes("%20") ? "%20" : base.includes("_") ? "_" : " ";
          const date = `${word}${separator}${yearText}`;
          const file = monthFirst
            ? `${date}${separator}${base}${suffix}${extension}`
            : `${base}${separator}${date}${suffix}${extension}`;
          const expectedYear = yearStyle === "2" ? 2000 + (year % 100) : year;
          expect(describeName(file)).toMatchObject({
            part: spelling.part,
            period: toPeriod(expectedYear, month),
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
