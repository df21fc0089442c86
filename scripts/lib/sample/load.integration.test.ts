import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

import { loadSampleData, loadSampleDataIfEmpty } from "./load";

/** The sample a new user's first `npm start` loads, through the real importer. */
const database = setupTestDatabase();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sample-load-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

describe("loading the sample data", { timeout: 180_000 }, () => {
  const messages: string[] = [];

  it("an empty database gets 24 months of every part, with no file rejected", async () => {
    await loadSampleDataIfEmpty(database.db, {
      folder,
      enabled: true,
      log: (message) => messages.push(message),
    });
    expect(messages.join("\n")).toMatch(/Sample data loaded: \d+ files/);
    expect(messages.join("\n")).not.toMatch(/rejected/);
    const parts = await rows<{ part: string; edition: number; periods: string }>(sql`
      select part, edition, count(*) as periods from tariff_datasets group by part, edition order by part, edition`);
    const periods = Object.fromEntries(
      parts.map((row) => [`${row.part}/${row.edition}`, Number(row.periods)]),
    );
    expect(periods).toMatchObject({
      "viiia/1": 24,
      "viiib/1": 24,
      "viiid/1": 24,
      "ix/1": 24,
      "concessions/1": 24,
      "viiia/2": 24,
      "ix/2": 24,
      "dmd/1": 1,
    });
  });

  it("with the month-to-month movements the insights pages show", async () => {
    const quarterly = await rows<{ month: number; changes: string }>(sql`
      select extract(month from period)::int as month, count(*) as changes from tariff_changes
      where part = 'viiia' and edition = 1 and change = 'price_change' group by period order by period`);
    for (const { month, changes } of quarterly) {
      if ([1, 4, 7, 10].includes(month)) expect(Number(changes)).toBeGreaterThan(100);
      else expect(Number(changes)).toBeLessThan(60);
    }
    const moves = await rows<{ move: string }>(sql`
      select distinct old_category || '→' || new_category as move from tariff_changes where change = 'category_change'`);
    expect(moves.map((row) => row.move)).toEqual(expect.arrayContaining(["C→A", "A→M", "C→H"]));
    const [concessions] = await rows<{ lines: string; matched: string; uplift: string }>(sql`
      select count(*) as lines, count(vmpp_snomed_code) as matched, min(uplift_pence) as uplift from concessions`);
    expect(Number(concessions!.matched) / Number(concessions!.lines)).toBeGreaterThan(0.9);
    expect(Number(concessions!.uplift)).toBeGreaterThan(0);
  });

  it("a database with data is left alone, and the same sample again changes nothing", async () => {
    const later: string[] = [];
    await loadSampleDataIfEmpty(database.db, {
      folder,
      enabled: true,
      log: (message) => later.push(message),
    });
    expect(later).toEqual([]);
    const again = await loadSampleData(database.db, { folder, log: () => {} });
    expect(again.rejected).toEqual([]);
    const [latest] = await rows<{ imported: string }>(sql`
      select count(*) filter (where outcome = 'imported') as imported from imports where started_at > now() - interval '2 minutes' and id > (select max(id) - ${again.files} from imports)`);
    expect(Number(latest!.imported)).toBe(0);
  });
});
