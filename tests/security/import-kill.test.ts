import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { startScript } from "@tests/fixtures/processes";
import { hasRealData, realFile } from "@tests/fixtures/real-data";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";
import { snapshotTariffData } from "@tests/fixtures/tariff-files";

import { importFile } from "@/features/imports/service";

/**
 * Issue 16's evidence: `kill -9` during a real Part IX import leaves the previous month whole. The
 * month before is loaded from NHSBSA's own file for June 2026; then `npm run import` of July's file is
 * killed with SIGKILL while it saves, at several moments. Each time the database must be exactly as
 * it was: June whole, and not one row of July.
 */
const database = setupTestDatabase();
const delays = (process.env.KILL_DELAYS_MS ?? "0,250,750,1500").split(",").map(Number);

async function partIxRows(period: string) {
  const result = await database.db.execute<{ count: string; total: string }>(sql`
    select count(*) as count, coalesce(sum(price_pence), 0) as total from part_ix_prices where period = ${period}::date`);
  return { count: Number(result.rows[0]!.count), total: Number(result.rows[0]!.total) };
}

describe.skipIf(!hasRealData)("kill -9 during a real Part IX import", { timeout: 900_000 }, () => {
  it(`leaves the previous month whole, killed at ${delays.join(", ")} ms into saving`, async () => {
    const june = await importFile(
      database.db,
      realFile("costmos-processed", "drug_tariff_ix_202606.csv.gz"),
      {
        actor: "test",
      },
    );
    expect(june.status).toBe("imported");
    const juneRows = await partIxRows("2026-06-01");
    expect(juneRows.count).toBeGreaterThan(10_000);
    const before = await snapshotTariffData(database.db);

    const kills: { delayMs: number; killedWhileSaving: boolean; juneWhole: boolean; julyRows: number }[] = [];
    for (const delayMs of delays) {
      const run = startScript("scripts/import.ts", { DATABASE_URL: database.url }, [
        realFile("costmos-processed", "drug_tariff_ix_202607.csv.gz"),
      ]);
      await run.waitFor(/rows read, saving/, 300_000);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      run.kill("SIGKILL");
      await run.exited;
      const killedWhileSaving = !/imported/.test(run.output());
      const julyRows = (await partIxRows("2026-07-01")).count;
      const juneWhole =
        JSON.stringify(await partIxRows("2026-06-01")) === JSON.stringify(juneRows) &&
        JSON.stringify(await snapshotTariffData(database.db)) === JSON.stringify(before);
      kills.push({ delayMs, killedWhileSaving, juneWhole, julyRows });
    }
    recordSecurityFigure("import-kill", {
      file: "drug_tariff_ix_202607.csv.gz",
      previousMonthRows: juneRows.count,
      kills,
    });
    for (const kill of kills)
      expect(kill, `killed ${kill.delayMs} ms into saving`).toEqual({
        delayMs: kill.delayMs,
        killedWhileSaving: true,
        juneWhole: true,
        julyRows: 0,
      });
  });
});
