import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { hasRealData, realFile } from "@tests/fixtures/real-data";

import { importFile, type ImportOutcome } from "./service";

/**
 * Every real file in the real-data folder imports with the row counts its SOURCES.md states, and
 * the prices come out as published.
 */
const database = setupTestDatabase();
const actor = "test:real-files";

async function load(...parts: string[]): Promise<ImportOutcome> {
  return importFile(database.db, realFile(...parts), { actor });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ count: string }>(query);
  return Number(row!.count);
}

describe.skipIf(!hasRealData)("the real NHSBSA files, as downloaded", () => {
  it("Part VIIIA July 2025: 3,682 rows, 2,640 C / 612 M / 430 A, prices in pence", async () => {
    const result = await load("nhsbsa-raw", "viii_a_202507.csv");
    expect(result).toMatchObject({
      edition: "ew",
      part: "viiia",
      period: "2025-07",
      rows: 3682,
      status: "imported",
    });
    const categories = await rows<{ category: string; count: string }>(sql`
      select category, count(*) from part_viiia_prices where period = '2025-07-01' group by category order by category`);
    expect(categories.map((row) => [row.category, Number(row.count)])).toEqual([
      ["A", 430],
      ["C", 2640],
      ["M", 612],
    ]);
    const [abacavir] = await rows<Record<string, unknown>>(sql`
      select medicine, pack_size, unit_of_measure, vmp_snomed_code, vmpp_snomed_code, basic_price_pence
      from part_viiia_prices where period = '2025-07-01' and vmpp_snomed_code = '8991611000001104'`);
    expect(abacavir).toEqual({
      medicine: "Abacavir 600mg / Lamivudine 300mg tablets",
      pack_size: "30.000",
      unit_of_measure: "tablet",
      vmp_snomed_code: "39724011000001106",
      vmpp_snomed_code: "8991611000001104",
      basic_price_pence: 35225,
    });
    const [adrenaline] = await rows<{ medicine: string }>(sql`
      select medicine from part_viiia_prices where period = '2025-07-01' and medicine like 'Adrenaline (base) 100micrograms/1ml (1 in 10,000)%' limit 1`);
    expect(adrenaline?.medicine).toContain("(1 in 10,000) dilute solution for injection");
  });

  it("Category M Quarter 2 2025: 612 rows, the quarter taken from the title row", async () => {
    const result = await load("nhsbsa-raw", "cat_m_202507.csv");
    expect(result).toMatchObject({ part: "cat-m", period: "2025-07", rows: 612, status: "imported" });
    const [acamprosate] = await rows<{ quarter: number; basic_price_pence: number }>(sql`
      select quarter, basic_price_pence from category_m_prices where period = '2025-07-01' and vmpp_snomed_code = '994511000001109'`);
    expect(acamprosate).toEqual({ quarter: 2, basic_price_pence: 2414 });
  });

  it("Part VIIIB May 2025: 494 rows paired into 253 products (241 pairs, 12 special containers)", async () => {
    const result = await load("nhsbsa-raw", "viii_b_202505.csv");
    expect(result).toMatchObject({ part: "viiib", period: "2025-05", rows: 494, status: "imported" });
    expect(await count(sql`select count(*) from part_viiib_prices where period = '2025-05-01'`)).toBe(253);
    expect(
      await count(
        sql`select count(*) from part_viiib_prices where period = '2025-05-01' and additional_unit_price_pence is null`,
      ),
    ).toBe(12);
    const [acetazolamide] = await rows<Record<string, unknown>>(sql`
      select minimum_quantity, minimum_quantity_price_pence, additional_unit_quantity, additional_unit_price_pence, formulations
      from part_viiib_prices where period = '2025-05-01' and vmp_snomed_code = '8270911000001106'`);
    expect(acetazolamide).toEqual({
      minimum_quantity: "100.000",
      minimum_quantity_price_pence: 3326,
      additional_unit_quantity: "1.000",
      additional_unit_price_pence: 9,
      formulations: "SF, STD, LF, CF, NSF, AF, FF",
    });
  });

  it("Part VIIID May 2025: 57 rows, the same VMPP twice with different formulations", async () => {
    const result = await load("nhsbsa-raw", "viii_d_202505.csv");
    expect(result).toMatchObject({ part: "viiid", period: "2025-05", rows: 57, status: "imported" });
    const bisacodyl = await rows<{ formulations: string; special_container: boolean }>(sql`
      select formulations, special_container from part_viiid_prices
      where period = '2025-05-01' and medicine = 'Bisacodyl 10mg/30ml enema' order by formulations`);
    expect(bisacodyl.map((row) => row.formulations)).toEqual(["(in 37ml bottle)", "STD"]);
    expect(
      await count(
        sql`select count(*) from part_viiid_prices where period = '2025-05-01' and special_container`,
      ),
    ).toBe(19);
  });
});

describe.skipIf(!hasRealData)("COSTmos's processed copies of later months", () => {
  const viiia: [string, number][] = [
    ["202508", 3603],
    ["202509", 3616],
    ["202510", 3609],
    ["202511", 3603],
    ["202512", 3595],
    ["202601", 3590],
    ["202602", 3590],
    ["202603", 3577],
    ["202605", 3558],
    ["202606", 3555],
    ["202607", 3535],
  ];

  beforeAll(async () => {
    for (const [month] of viiia) await load("costmos-processed", `drug_tariff_viii_a_${month}.csv`);
  }, 600_000);

  it.each(viiia)("Part VIIIA %s has %i rows (trailing empty rows not counted)", async (month, expected) => {
    const period = `${month.slice(0, 4)}-${month.slice(4)}`;
    expect(
      await count(sql`select count(*) from part_viiia_prices where period = ${`${period}-01`}::date`),
    ).toBe(expected);
  });

  it("Dec 2025 → Jan 2026: 1,059 price changes, 3 additions, 8 deletions, 33 category changes", async () => {
    const changes = await rows<{ change: string; count: string }>(sql`
      select change, count(*) from tariff_changes
      where edition = 1 and part = 'viiia' and period = '2026-01-01' group by change order by change`);
    expect(Object.fromEntries(changes.map((row) => [row.change, Number(row.count)]))).toEqual({
      addition: 3,
      category_change: 33,
      deletion: 8,
      price_change: 1059,
    });
    const [diclofenac] = await rows<{ code: string; paired_code: string; previous_period: string }>(sql`
      select code, paired_code, previous_period::text from tariff_changes
      where period = '2026-01-01' and part = 'viiia' and change = 'addition' and name = 'Diclofenac potassium 50mg tablets'`);
    expect(diclofenac).toEqual({
      code: "10485711000001109",
      paired_code: "972211000001105",
      previous_period: "2025-12-01",
    });
  });

  it("March 2026 brings Category H: 11 lines moved from C, stored and compared like any other", async () => {
    expect(
      await count(sql`select count(*) from part_viiia_prices where period = '2026-03-01' and category = 'H'`),
    ).toBe(11);
    const moves = await rows<{ old_category: string; new_category: string; count: string }>(sql`
      select old_category, new_category, count(*) from tariff_changes
      where part = 'viiia' and period = '2026-03-01' and change = 'category_change' group by 1, 2`);
    expect(moves).toEqual([{ old_category: "C", new_category: "H", count: "11" }]);
  });

  it("May 2026 is compared with March, the previous month loaded (April is missing)", async () => {
    const [row] = await rows<{ previous_period: string }>(sql`
      select distinct previous_period::text from tariff_changes where part = 'viiia' and period = '2026-05-01'`);
    expect(row?.previous_period).toBe("2026-03-01");
  });

  it("net prices follow the April 2023 deduction scale: A and M 20%, C 5%, H as configured", async () => {
    const lines = await rows<{
      category: string;
      discount_rate_bp: number;
      basic_price_pence: number;
      net_price_pence: number;
    }>(sql`
      select distinct on (category) category, discount_rate_bp, basic_price_pence, net_price_pence
      from part_viiia_prices where period = '2026-03-01' order by category, id`);
    for (const line of lines) {
      const expected = { A: 2000, M: 2000, C: 500, H: 2000 }[line.category];
      expect(line.discount_rate_bp).toBe(expected);
      expect(line.net_price_pence).toBe(Math.round((line.basic_price_pence * (10000 - expected!)) / 10000));
    }
  });

  it("Category M lists: 614 in September 2025, 606 for Quarter 3 with 596 price changes, +2 / −10", async () => {
    expect((await load("costmos-processed", "drug_tariff_cat_m_202509.csv")).rows).toBe(614);
    expect((await load("costmos-processed", "drug_tariff_cat_m_202510.csv")).rows).toBe(606);
    const changes = await rows<{ change: string; count: string }>(sql`
      select change, count(*) from tariff_changes where part = 'cat-m' and period = '2025-10-01' group by change order by change`);
    expect(Object.fromEntries(changes.map((row) => [row.change, Number(row.count)]))).toEqual({
      addition: 2,
      deletion: 10,
      price_change: 596,
    });
  });

  it("Part VIIIB in both processed layouts and Part VIIID", async () => {
    expect(await load("costmos-processed", "drug_tariff_viii_b_202508.csv")).toMatchObject({
      rows: 496,
      status: "imported",
    });
    for (const [month, expected] of [
      ["202511", 247],
      ["202602", 247],
      ["202605", 248],
    ] as const) {
      expect(await load("costmos-processed", `drug_tariff_viii_b_${month}.csv`)).toMatchObject({
        rows: expected,
        status: "imported",
      });
    }
    for (const [month, expected] of [
      ["202508", 56],
      ["202602", 56],
      ["202605", 57],
    ] as const) {
      expect(await load("costmos-processed", `drug_tariff_viii_d_${month}.csv`)).toMatchObject({
        rows: expected,
        status: "imported",
      });
    }
    const [salicylic] = await rows<{ count: string }>(sql`
      select count(*) from part_viiib_prices where period = '2026-05-01' and medicine = 'Salicylic acid 5% cream'`);
    expect(Number(salicylic!.count)).toBe(2);
  });

  it("re-importing the same month changes nothing and says so", async () => {
    const before = await count(sql`select count(*) from imports where outcome = 'imported'`);
    const again = await load("costmos-processed", "drug_tariff_viii_a_202601.csv");
    expect(again).toMatchObject({ status: "unchanged", rows: 3590 });
    expect(again.message).toContain("already loaded with the same content");
    expect(await count(sql`select count(*) from imports where outcome = 'imported'`)).toBe(before);
  });
});

describe.skipIf(!hasRealData)("Part IX (appliances), about 66,000 rows a month", { timeout: 300_000 }, () => {
  it.each([
    ["202605", 66208],
    ["202606", 66445],
    ["202607", 66389],
  ])(
    "drug_tariff_ix_%s.csv.gz has %i rows, codes as text, rows without a pack code kept",
    async (month, expected) => {
      const result = await load("costmos-processed", `drug_tariff_ix_${month}.csv.gz`);
      expect(result).toMatchObject({ part: "ix", rows: expected, status: "imported" });
      const period = `${month.slice(0, 4)}-${month.slice(4)}-01`;
      expect(await count(sql`select count(*) from part_ix_prices where period = ${period}::date`)).toBe(
        expected,
      );
      expect(
        await count(
          sql`select count(*) from part_ix_prices where period = ${period}::date and pack_snomed_code is null`,
        ),
      ).toBe(225);
    },
  );

  it("prices and codes come through intact; June → July: 70 packs added, 126 removed, 1,966 rises, no falls", async () => {
    const [medipore] = await rows<Record<string, unknown>>(sql`
      select part, price_pence, supplier_name, bnf_code, discount_rate_bp, net_price_pence from part_ix_prices
      where period = '2026-05-01' and pack_snomed_code = '1650611000001109'`);
    expect(medipore).toEqual({
      part: "IXA",
      price_pence: 17,
      supplier_name: "3M Health Care Ltd",
      bnf_code: "20030100113",
      discount_rate_bp: 985,
      net_price_pence: 15,
    });
    const changes = await rows<{ change: string; up: string; count: string }>(sql`
      select change, count(*) filter (where price_change_pence > 0) as up, count(*) from tariff_changes
      where part = 'ix' and period = '2026-07-01' group by change order by change`);
    const byChange = Object.fromEntries(changes.map((row) => [row.change, Number(row.count)]));
    expect(byChange.price_change).toBe(1966);
    expect(Number(changes.find((row) => row.change === "price_change")!.up)).toBe(1966);
    expect(byChange.addition).toBeGreaterThanOrEqual(70);
    expect(byChange.deletion).toBeGreaterThanOrEqual(126);
  });

  it("each AMP name is indexed once for the search, which joins back to the prices", async () => {
    expect(await count(sql`select count(*) from tariff_names where source = 'part_ix_prices'`)).toBe(
      await count(sql`select count(distinct amp_name) from part_ix_prices`),
    );
    const found = await rows<{ amp_name: string; period: string }>(sql`
      select p.amp_name, p.period::text from tariff_names n join part_ix_prices p on p.amp_name = n.name
      where n.source = 'part_ix_prices' and n.name ilike ${"%medipore + pads%"} and p.edition = 1 and p.period between '2026-06-01' and '2026-07-01'
      order by p.period, p.amp_name limit 3`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => /Medipore \+ Pads/i.test(row.amp_name))).toBe(true);
  });
});

describe.skipIf(!hasRealData)("Community Pharmacy England's price concessions", () => {
  it.each([
    ["cpe_price_concessions_2019-11.csv", "2019-11", 53],
    ["cpe_price_concessions_2020-01.csv", "2020-01", 55],
    ["cpe_price_concessions_2023-11.csv", "2023-11", 138],
    ["cpe_price_concessions_2023-12.csv", "2023-12", 152],
    ["cpe_price_concessions_2024-01.csv", "2024-01", 46],
  ])("%s: %s, %i lines, prices in pounds converted to pence", async (file, period, expected) => {
    const result = await load("cpe-concessions", file);
    expect(result).toMatchObject({ part: "concessions", period, rows: expected, status: "imported" });
  });

  it("the saved page holds the same January 2024 list as its CSV: unchanged", async () => {
    const result = await load("cpe-concessions", "price_concessions.html");
    expect(result).toMatchObject({ part: "concessions", period: "2024-01", rows: 46, status: "unchanged" });
    const [amiloride] = await rows<{ price_pence: number; discount_rate_bp: number }>(sql`
      select price_pence, discount_rate_bp from concessions where period = '2024-01-01' and drug = 'Amiloride 5mg tablets'`);
    expect(amiloride).toEqual({ price_pence: 1554, discount_rate_bp: 0 });
  });

  it("matches lines to Part VIIIA packs by name and pack size, and keeps the rest for review", async () => {
    const [matched] = await rows<{ matched: string; total: string }>(sql`
      select count(vmpp_snomed_code) as matched, count(*) as total from concessions where period = '2024-01-01'`);
    expect(Number(matched!.matched)).toBeGreaterThan(0);
    expect(Number(matched!.total)).toBe(46);
    const [amiloride] = await rows<{ vmpp_snomed_code: string | null }>(sql`
      select vmpp_snomed_code from concessions where period = '2024-01-01' and drug = 'Amiloride 5mg tablets'`);
    const [pack] = await rows<{ vmpp_snomed_code: string }>(sql`
      select vmpp_snomed_code from part_viiia_prices where medicine = 'Amiloride 5mg tablets' and pack_size = 28 limit 1`);
    expect(amiloride?.vmpp_snomed_code).toBe(pack?.vmpp_snomed_code ?? null);
  });
});

describe.skipIf(!hasRealData)("the dm+d XML release subset", () => {
  it("imports branded packs with NHS indicative price, price basis and the reimbursement flags", async () => {
    const result = await load("dmd-xml-subset", "f_ampp2_3010419.xml");
    expect(result).toMatchObject({ part: "dmd", period: "2019-04", status: "imported" });
    const [nutrison] = await rows<Record<string, unknown>>(sql`
      select name, supplier, nhs_indicative_price_pence, price_date::text, previous_price_pence, price_basis,
        discount_not_deducted, special_container, acbs, gtin, net_price_pence
      from branded_packs where ampp_snomed_code = '1714711000001106'`);
    expect(nutrison).toEqual({
      name: "Nutrison liquid (Nutricia Ltd) 500 ml 1 x 500ml bottle",
      supplier: "Nutricia Ltd",
      nhs_indicative_price_pence: 485,
      price_date: "2019-01-10",
      previous_price_pence: 468,
      price_basis: "NHS Indicative Price",
      discount_not_deducted: true,
      special_container: true,
      acbs: true,
      gtin: "8712400360258",
      net_price_pence: null,
    });
    const [diclofenac] = await rows<{ drug_tariff_category: string; drug_tariff_price_pence: number }>(sql`
      select drug_tariff_category, drug_tariff_price_pence from branded_packs where vmpp_snomed_code = '22479411000001100' limit 1`);
    expect(diclofenac).toEqual({
      drug_tariff_category: "Part VIIIA Category C",
      drug_tariff_price_pence: 659,
    });
    expect(await count(sql`select count(*) from branded_packs where broken_bulk`)).toBe(6);
    expect(await count(sql`select count(*) from branded_packs where discontinued`)).toBe(8);
    expect(
      await count(sql`select count(*) from zero_discount where edition = 1 and period = '2019-04-01'`),
    ).toBe(await count(sql`select count(*) from branded_packs where discount_not_deducted`));
  });
});
