import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clearDataVersionCache } from "@/lib/data-version-cache";
import { setupTestDatabase } from "@tests/fixtures/db";
import { hasRealData, realFile } from "@tests/fixtures/real-data";

import { getIllustrativeMonths } from "../illustrative";
import { demoNiActor } from "./files";
import { loadDemoDataIfEmpty } from "./load";

/**
 * The demo a first `npm start` loads (ADR 210): the snapshot in data/demo through the importer, then
 * the illustrative Northern Ireland edition. Its newest Part VIIIA month is checked, row for row,
 * against the file NHSBSA published (by way of COSTmos), read from the real-data folder.
 */
const database = setupTestDatabase();
const workFolder = fs.mkdtempSync(path.join(os.tmpdir(), "demo-load-"));
afterAll(() => fs.rmSync(workFolder, { recursive: true, force: true }));

const messages: string[] = [];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

/** The months loaded for each part and edition, `viiia/1` → ["2025-07", …]. */
async function monthsLoaded(): Promise<Record<string, string[]>> {
  const loaded = await rows<{ key: string; month: string }>(sql`
    select part || '/' || edition as key, to_char(period, 'YYYY-MM') as month from tariff_datasets order by 1, 2`);
  const months: Record<string, string[]> = {};
  for (const row of loaded) (months[row.key] ??= []).push(row.month);
  return months;
}

describe.skipIf(!hasRealData)("the demo on real published prices", { timeout: 900_000 }, () => {
  beforeAll(async () => {
    await loadDemoDataIfEmpty(database.db, { workFolder, log: (message) => messages.push(message) });
    clearDataVersionCache();
  }, 900_000);

  it("loads every file of the snapshot, shows its progress, and rejects none", () => {
    const log = messages.join("\n");
    expect(log).toMatch(/Demo data 1\/\d+: /);
    expect(log).toMatch(/Demo data loaded: \d+ files/);
    expect(log).toContain("The newest Part VIIIA month is July 2026: `npm run fetch` fetches newer months");
    expect(log).not.toMatch(/rejected/);
  });

  it("holds every real month of each England & Wales part, and nothing made up after the newest", async () => {
    const months = await monthsLoaded();
    expect(months["viiia/1"]).toEqual([
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-05",
      "2026-06",
      "2026-07",
    ]);
    expect(months["cat-m/1"]).toEqual(["2025-07", "2025-09", "2025-10"]);
    expect(months["viiib/1"]).toEqual(["2025-05", "2025-08", "2025-11", "2026-02", "2026-05"]);
    expect(months["viiid/1"]).toEqual(["2025-05", "2025-08", "2026-02", "2026-05"]);
    expect(months["ix/1"]).toEqual(["2026-07"]);
    expect(months["concessions/1"]).toEqual(["2019-11", "2020-01", "2023-11", "2023-12", "2024-01"]);
    expect(months["dmd/1"]).toEqual(["2019-04"]);
  });

  it("Part VIIIA for the newest real month matches the published file row for row", async () => {
    const published = parse(fs.readFileSync(realFile("costmos-processed", "drug_tariff_viii_a_202607.csv")), {
      columns: true,
      skip_empty_lines: true,
    }) as Record<string, string>[];
    const expected = published
      .map((row) => ({
        medicine: row.medicine!,
        pack_size: Number(row.pack_size),
        unit_of_measure: row.unit_of_measure!,
        category: row.drug_tariff_category!.replace("Part VIIIA Category ", ""),
        basic_price_pence: Number(row.basic_price_in_p),
        vmp_snomed_code: row.vmp_snomed_code!,
        vmpp_snomed_code: row.vmpp_snomed_code!,
      }))
      .sort((a, b) =>
        `${a.vmpp_snomed_code}|${a.medicine}`.localeCompare(`${b.vmpp_snomed_code}|${b.medicine}`),
      );
    const stored = (
      await rows<{ medicine: string; pack_size: string; vmpp_snomed_code: string }>(sql`
        select medicine, pack_size, unit_of_measure, category, basic_price_pence, vmp_snomed_code, vmpp_snomed_code
        from part_viiia_prices where edition = 1 and period = '2026-07-01'`)
    )
      .map((row) => ({ ...row, pack_size: Number(row.pack_size) }))
      .sort((a, b) =>
        `${a.vmpp_snomed_code}|${a.medicine}`.localeCompare(`${b.vmpp_snomed_code}|${b.medicine}`),
      );
    expect(expected).toHaveLength(3535);
    expect(stored).toEqual(expected);
  });

  it("generates Northern Ireland from those rows, marked illustrative, by the Northern Ireland rules", async () => {
    const months = await monthsLoaded();
    expect(months["viiia/2"]).toEqual(["2026-05", "2026-06", "2026-07"]);
    expect(months["ix/2"]).toEqual(["2026-07"]);
    expect(await getIllustrativeMonths()).toEqual({
      viiia: ["2026-05", "2026-06", "2026-07"],
      ix: ["2026-07"],
    });

    const [partI] = await rows<{ lines: string; category_h: string; outside: string; unknown: string }>(sql`
      select count(*) as lines,
        count(*) filter (where ni.category = 'H') as category_h,
        count(*) filter (where ni.basic_price_pence not between floor(ew.basic_price_pence * 0.95) and ceil(ew.basic_price_pence * 1.08)) as outside,
        count(*) filter (where ew.id is null) as unknown
      from part_viiia_prices ni
      left join part_viiia_prices ew on ew.edition = 1 and ew.period = ni.period and ew.vmpp_snomed_code = ni.vmpp_snomed_code
      where ni.edition = 2 and ni.period = '2026-07-01'`);
    // About six in seven of England's 3,535 lines, none in Category H, each priced near England's.
    expect(Number(partI!.lines)).toBeGreaterThan(2900);
    expect(Number(partI!.lines)).toBeLessThan(3535);
    expect(Number(partI!.category_h)).toBe(0);
    expect(Number(partI!.outside)).toBe(0);
    expect(Number(partI!.unknown)).toBe(0);

    const parts = await rows<{ part: string }>(sql`
      select distinct part from part_ix_prices where edition = 2 order by part`);
    expect(parts.map((row) => row.part).every((part) => /^(II|III[a-h]?)$/.test(part))).toBe(true);

    const actors = await rows<{ edition: number; actor: string }>(sql`
      select distinct d.edition, i.actor from tariff_datasets d join imports i on i.id = d.import_id order by 1, 2`);
    expect(actors).toEqual([
      { edition: 1, actor: "demo-data" },
      { edition: 2, actor: demoNiActor },
    ]);
  });

  it("is loaded once: a database with tariff data is left alone", async () => {
    const before = await rows<{ count: string }>(sql`select count(*) from imports`);
    await loadDemoDataIfEmpty(database.db, { workFolder, log: (message) => messages.push(message) });
    expect(await rows<{ count: string }>(sql`select count(*) from imports`)).toEqual(before);
  });
});
