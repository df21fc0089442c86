import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv, viiiaHeader, viiiaRows } from "@tests/fixtures/tariff-files";

import { concessionsArchivePage, nhsbsaCsv, ourHeaders, plainCsv } from "./layout-writers";
import { importFile } from "./service";

/** How imports replace, keep and report data, on files built in the real layouts. */
const database = setupTestDatabase();
const { write } = tariffFileFolder("import-service");
const actor = "test:import-service";

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

async function xlsx(name: string, table: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  for (const row of table) sheet.addRow(row);
  const file = write(name, "");
  await workbook.xlsx.writeFile(file);
  return file;
}

const prices = (period: string) =>
  rows<{ vmpp: string; price: number; category: string }>(sql`
    select vmpp_snomed_code as vmpp, basic_price_pence as price, category from part_viiia_prices
    where edition = 1 and period = ${period}::date order by id`);

describe("replacing a month", () => {
  it("loads a month, and the same content again (even as XLSX) is unchanged", async () => {
    const first = await importFile(database.db, write("Part VIIIA Feb 26.csv", viiiaCsv("February")), {
      actor,
    });
    expect(first).toMatchObject({
      status: "imported",
      period: "2026-02",
      rows: 4,
      edition: "ew",
      part: "viiia",
    });

    const table = [
      ["February Drug Tariff Part VIIIA"],
      [],
      viiiaHeader,
      ...viiiaRows.map((row) => row.map((cell) => cell ?? "")),
    ];
    const again = await importFile(
      database.db,
      await xlsx("Part VIIIA Feb 26.xls.xlsx", table as (string | number)[][]),
      { actor },
    );
    expect(again).toMatchObject({ status: "unchanged", period: "2026-02", rows: 4 });
  });

  it("a re-issued file replaces the month, and the month's changes are recomputed", async () => {
    await importFile(database.db, write("Part VIIIA Jan 26.csv", viiiaCsv("January")), { actor });
    const reissued = viiiaRows.map((row, index) =>
      index === 3 ? [...row.slice(0, 5), "Part VIIIA Category M", 999] : row,
    );
    const result = await importFile(
      database.db,
      write("Part VIIIA Feb 26 updated.csv", viiiaCsv("February", reissued)),
      { actor },
    );
    expect(result.status).toBe("imported");
    expect(result.message).toContain("replaced the earlier data for February 2026");
    expect((await prices("2026-02-01")).at(-1)).toEqual({
      vmpp: "1034611000001106",
      price: 999,
      category: "M",
    });
    const changes = await rows<{ change: string; old_price_pence: number; new_price_pence: number }>(sql`
      select change, old_price_pence, new_price_pence from tariff_changes
      where part = 'viiia' and period = '2026-02-01' order by change`);
    expect(changes).toEqual([
      { change: "category_change", old_price_pence: 1200, new_price_pence: 999 },
      { change: "price_change", old_price_pence: 1200, new_price_pence: 999 },
    ]);
  });

  it("the planner knows a month as soon as it is imported, so a pack's lines are looked up, not the month read", async () => {
    await importFile(database.db, write("Part VIIIA Nov 25.csv", viiiaCsv("November")), { actor });
    const [periods] = await rows<{ known: string | null }>(sql`
      select coalesce(most_common_vals::text, '') || coalesce(histogram_bounds::text, '') as known
      from pg_stats where tablename = 'part_viiia_prices' and attname = 'period'`);
    expect(periods?.known).toContain("2025-11-01");
    // The changes derived from it too: the planner's row count is the table's, not "never counted" (-1).
    const [changes] = await rows<{ planned: number; actual: number }>(sql`
      select c.reltuples::int as planned, (select count(*) from tariff_changes)::int as actual
      from pg_class c where c.relname = 'tariff_changes' and c.relkind = 'r'`);
    expect(changes?.planned).toBe(changes?.actual);
  });

  it("stores a category it has never seen, and says so", async () => {
    const strange = [
      ...viiiaRows,
      [
        "Zedoary 10mg tablets",
        28,
        "tablet",
        "11111111000001101",
        "22222222000001102",
        "Part VIIIA Category Z",
        150,
      ],
    ];
    const result = await importFile(database.db, write("Part VIIIA Mar 26.csv", viiiaCsv("March", strange)), {
      actor,
    });
    expect(result.status).toBe("imported");
    expect(result.message).toContain('unknown category "Z" on 1 row, stored as it is');
    expect((await prices("2026-03-01")).at(-1)).toMatchObject({ category: "Z", price: 150 });
  });

  it("reads columns by name, in any order, from COSTmos's processed layout", async () => {
    const header = [
      "basic_price_in_p",
      "vmpp_snomed_code",
      "medicine",
      "drug_tariff_category",
      "unit_of_measure",
      "pack_size",
      "vmp_snomed_code",
    ];
    const body = viiiaRows.map((row) => [row[6], row[4], row[0], row[5], row[2], row[1], row[3]]);
    const result = await importFile(
      database.db,
      write("drug_tariff_viii_a_202604.csv", plainCsv({ header, rows: body })),
      { actor },
    );
    expect(result).toMatchObject({ status: "imported", period: "2026-04", rows: 4 });
    expect((await prices("2026-04-01")).map((row) => row.price)).toEqual([35225, 2414, 8463, 1200]);
  });
});

describe("what the operator says wins", () => {
  const specials = plainCsv({
    header: [
      "vmp_snomed_code",
      "vmpp_snomed_code",
      "medicine",
      "pack_size",
      "unit_of_measure",
      "formulations",
      "special_container_indicator",
      "basic_price",
    ],
    rows: [
      [
        "20528411000001107",
        "20514011000001102",
        "Albendazole 400mg tablets",
        1,
        "tablet",
        "STD",
        "Special container",
        582,
      ],
    ],
  });

  it("a file that could be Part VIIIB or VIIID needs --part, and then imports", async () => {
    const file = write("specials.csv", specials);
    const refused = await importFile(database.db, file, { actor, overrides: { period: "2026-02" } });
    expect(refused.message).toMatch(/cannot tell Part VIIIB or Part VIIID apart.*use --part/);
    const result = await importFile(database.db, file, {
      actor,
      overrides: { period: "2026-02", part: "viiid" },
    });
    expect(result).toMatchObject({ status: "imported", part: "viiid", period: "2026-02" });
  });

  it("--period and --edition override the file name", async () => {
    const result = await importFile(database.db, write("Part VIIIA Jan 26 copy.csv", viiiaCsv("January")), {
      actor,
      overrides: { period: "2025-01", edition: 2 },
    });
    expect(result).toMatchObject({ status: "imported", edition: "ni", period: "2025-01" });
  });
});

describe("Northern Ireland and our own formats (docs/data-formats.md)", () => {
  it("NI Part I mirrors Part VIIIA, stored as edition 2 with Northern Ireland's discount rates", async () => {
    const header = ourHeaders.niPartI;
    const body = viiiaRows.map((row) => [
      ...row.slice(0, 5),
      String(row[5]).replace("Part VIIIA", "Part I"),
      row[6],
    ]);
    const file = write(
      "NI Drug Tariff Part I January 2026.csv",
      plainCsv({ title: "January 2026 Northern Ireland Drug Tariff Part I", header, rows: body }),
    );
    const result = await importFile(database.db, file, { actor });
    expect(result).toMatchObject({ status: "imported", edition: "ni", part: "viiia", period: "2026-01" });
    const lines = await rows<{ category: string; discount_rate_bp: number }>(sql`
      select category, discount_rate_bp from part_viiia_prices where edition = 2 and period = '2026-01-01' order by id`);
    expect(lines).toEqual([
      { category: "C", discount_rate_bp: 527 },
      { category: "M", discount_rate_bp: 1848 },
      { category: "C", discount_rate_bp: 527 },
      { category: "A", discount_rate_bp: 1848 },
    ]);
  });

  it("the blacklist (Part XVIIIA), NI Part XI, the Zero Discount List and Part X", async () => {
    const blacklist = plainCsv({
      title: "Part XVIIIA January 2026",
      header: ourHeaders.blacklist,
      rows: [["Acnisal 2% solution", "Thornton & Ross Ltd", "Acne preparations", "", ""]],
    });
    expect(
      await importFile(database.db, write("Part XVIIIA January 2026.csv", blacklist), { actor }),
    ).toMatchObject({
      status: "imported",
      edition: "ew",
      part: "blacklist",
    });
    expect(
      await importFile(database.db, write("NI Part XI January 2026.csv", blacklist), { actor }),
    ).toMatchObject({
      status: "imported",
      edition: "ni",
      part: "blacklist",
    });
    const zero = plainCsv({
      header: ["Drug Name", "Pack size", "Unit of measure", "VMPP Snomed Code", "AMPP Snomed Code", "Notes"],
      rows: [
        [
          "Insulin glargine 100units/ml solution for injection 3ml cartridges",
          5,
          "cartridge",
          "",
          "",
          "Insulins",
        ],
      ],
    });
    expect(
      await importFile(database.db, write("NI Zero Discount List January 2026.csv", zero), { actor }),
    ).toMatchObject({
      status: "imported",
      edition: "ni",
      part: "zero-discount",
    });
    const borderline = plainCsv({
      header: ourHeaders.borderline,
      rows: [
        [
          "Nutrison liquid",
          500,
          "ml",
          "1714711000001106",
          "Nutricia Ltd",
          485,
          "Disease-related malnutrition",
        ],
      ],
    });
    expect(
      await importFile(database.db, write("NI Part X January 2026.csv", borderline), { actor }),
    ).toMatchObject({
      status: "imported",
      edition: "ni",
      part: "borderline",
    });
    const [nutrison] = await rows<{ price_pence: number; net_price_pence: number }>(sql`
      select price_pence, net_price_pence from borderline_substances where edition = 2`);
    expect(nutrison).toEqual({ price_pence: 485, net_price_pence: 459 });
  });
});

describe("price concessions", () => {
  it("an archive page loads each month; lines are matched, priced against the month's tariff, or listed for review", async () => {
    const page = concessionsArchivePage([
      {
        month: "February 2026",
        grouped: false,
        entries: [
          { drug: "Amiloride 5mg tablets", packSize: "28", price: "£15.54" },
          { drug: "Acamprosate 333mg gastro- resistant tablets", packSize: "168", price: "£30.00" },
          { drug: "Unheardofamol 5mg tablets", packSize: "28", price: "£1.00" },
        ],
      },
      {
        month: "January 2025",
        grouped: true,
        entries: [{ drug: "Amiloride 5mg tablets", packSize: "28", price: "£9.99" }],
      },
    ]);
    const result = await importFile(database.db, write("price_concessions_archive.html", page), { actor });
    expect(result).toMatchObject({ status: "imported", part: "concessions", period: "2026-02", rows: 4 });
    expect(result.message).toContain(
      "1 line matched no Part VIIIA pack, kept for review: Unheardofamol 5mg tablets 28 (2026-02)",
    );
    const lines = await rows<Record<string, unknown>>(sql`
      select period::text, drug, vmpp_snomed_code, price_pence, tariff_price_pence, uplift_pence, discount_rate_bp
      from concessions order by period, id`);
    expect(lines).toEqual([
      {
        period: "2025-01-01",
        drug: "Amiloride 5mg tablets",
        vmpp_snomed_code: "1034611000001106",
        price_pence: 999,
        tariff_price_pence: null,
        uplift_pence: null,
        discount_rate_bp: 0,
      },
      {
        period: "2026-02-01",
        drug: "Amiloride 5mg tablets",
        vmpp_snomed_code: "1034611000001106",
        price_pence: 1554,
        tariff_price_pence: 999,
        uplift_pence: 555,
        discount_rate_bp: 0,
      },
      {
        period: "2026-02-01",
        drug: "Acamprosate 333mg gastro- resistant tablets",
        vmpp_snomed_code: "994511000001109",
        price_pence: 3000,
        tariff_price_pence: 2414,
        uplift_pence: 586,
        discount_rate_bp: 0,
      },
      {
        period: "2026-02-01",
        drug: "Unheardofamol 5mg tablets",
        vmpp_snomed_code: null,
        price_pence: 100,
        tariff_price_pence: null,
        uplift_pence: null,
        discount_rate_bp: 0,
      },
    ]);
    const months = await rows<Record<string, unknown>>(sql`
      select period::text, lines, matched_lines, unmatched_lines, total_uplift_pence from concession_months order by period`);
    expect(months).toEqual([
      { period: "2025-01-01", lines: 1, matched_lines: 1, unmatched_lines: 0, total_uplift_pence: null },
      { period: "2026-02-01", lines: 3, matched_lines: 2, unmatched_lines: 1, total_uplift_pence: 1141 },
    ]);
    // A line on concession is paid without discount that month, in both editions.
    const tariff = await rows<{ discount_rate_bp: number }>(sql`
      select discount_rate_bp from part_viiia_prices where edition = 1 and period = '2026-02-01' and vmpp_snomed_code = '994511000001109'`);
    expect(tariff).toEqual([{ discount_rate_bp: 0 }]);
  });

  it("the Category M list is read with its quarter", async () => {
    const file = write(
      "Cat M Prices - Quarter 4 Jan 26.csv",
      nhsbsaCsv({
        title: "Category M Prices - Quarter 4",
        header: ["VMPP Snomed Code", "Drug Name", "Pack size", "", "Basic price"],
        rows: [["994511000001109", "Acamprosate 333mg gastro-resistant tablets", 168, "tablet", 2217]],
      }),
    );
    expect(await importFile(database.db, file, { actor })).toMatchObject({
      status: "imported",
      part: "cat-m",
      period: "2026-01",
    });
    const [line] = await rows<{ quarter: number; net_price_pence: number }>(
      sql`select quarter, net_price_pence from category_m_prices`,
    );
    expect(line).toEqual({ quarter: 4, net_price_pence: 1774 });
  });
});
