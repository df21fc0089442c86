import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { runScript, startScript } from "@tests/fixtures/processes";
import { snapshotTariffData, tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { createDatabase, createPool } from "../src/db/client";
import { openDatabase } from "../src/db/connect";
import { startEmbeddedDatabase } from "../src/db/embedded";
import { migrateDatabase } from "../src/db/migrate";
import { headers, nhsbsaCsv } from "../src/features/imports/layout-writers";
import { importFile } from "../src/features/imports/service";

/** `npm run import`: its `--json` lines, its exit codes, and what killing it mid-import leaves behind. */
const database = setupTestDatabase();
const { write, folder } = tariffFileFolder("import-cli");

const cli = (args: string[], env: Record<string, string> = {}) =>
  runScript("scripts/import.ts", { DATABASE_URL: database.url, ...env }, 120_000, args);

const jsonLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("npm run import --json", () => {
  it("prints one JSON line per file and exits 1 when any file was rejected", async () => {
    const good = write("Part VIIIA Jun 26.csv", viiiaCsv("June"));
    const bad = write("Part VIIIA Jul 26.csv", viiiaCsv("June"));
    const result = await cli(["--json", good, good, bad]);
    expect(result.code).toBe(1);
    const lines = jsonLines(result.output);
    expect(lines.map((line) => Object.keys(line))).toEqual(
      Array(3).fill(["file", "edition", "part", "period", "rows", "status", "message"]),
    );
    expect(lines[0]).toMatchObject({
      file: "Part VIIIA Jun 26.csv",
      edition: "ew",
      part: "viiia",
      period: "2026-06",
      rows: 4,
      status: "imported",
    });
    expect(lines[1]).toMatchObject({ status: "unchanged", rows: 4 });
    expect(lines[2]).toMatchObject({
      file: "Part VIIIA Jul 26.csv",
      edition: null,
      part: null,
      period: null,
      rows: null,
      status: "rejected",
    });
    expect(lines[2]!.message).toMatch(/the title row says June but the file name says July 2026/);
  });

  it("exits 0 when every file was imported or unchanged, with a summary table without --json", async () => {
    const result = await cli([write("Part VIIIA Jun 26.csv", viiiaCsv("June"))]);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/File\s+Edition\s+Part\s+Period\s+Rows\s+Status\s+Message/);
    expect(result.output).toMatch(/Part VIIIA Jun 26\.csv\s+ew\s+viiia\s+2026-06\s+4\s+unchanged/);
    expect(result.output).toContain("0 imported, 1 unchanged, 0 rejected");
  });

  it("leaves every list's first view built for the web processes after storing a month", async () => {
    await database.pool.query("delete from shared_answers");
    const result = await cli([write("Part VIIIA Aug 26.csv", viiiaCsv("August"))]);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/\d+ list views ready in/);
    const kept = await database.pool.query<{ views: number; built: number }>(
      "select count(*)::int as views, count(bytes)::int as built from shared_answers",
    );
    expect(kept.rows[0]!.views).toBeGreaterThan(0);
    expect(kept.rows[0]!.built).toBe(kept.rows[0]!.views);

    // Nothing stored, nothing to prepare.
    const again = await cli([write("Part VIIIA Aug 26.csv", viiiaCsv("August"))]);
    expect(again.output).not.toContain("list views ready");
  });

  it("takes --part, --period and --edition", async () => {
    const file = write("prices.csv", viiiaCsv("June"));
    const result = await cli(["--json", "--part", "Part I", "--period", "2026-06", "--edition", "ni", file]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.output)[0]).toMatchObject({
      edition: "ni",
      part: "viiia",
      period: "2026-06",
      status: "imported",
    });
  });

  it("exits 2, saying why, for a mistake on the command line", async () => {
    const wrongMonth = await cli(["--period", "June", "x.csv"]);
    expect(wrongMonth.code).toBe(2);
    expect(wrongMonth.output).toContain("expected a month as YYYY-MM");
    const missing = await cli([path.join(folder, "nowhere.csv")]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("No such file or folder");
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("where npm run import writes", { timeout: 180_000 }, () => {
  it("through the running app's embedded server when npm start holds the data folder", async () => {
    const dataDir = path.join(folder, "running-app");
    const app = await startEmbeddedDatabase({ dataDir });
    try {
      const pool = createPool(app.url, { max: 1 });
      await migrateDatabase(createDatabase(pool));
      const result = await runScript("scripts/import.ts", { DATABASE_URL: "", DATA_DIR: dataDir }, 120_000, [
        "--json",
        write("running/Part VIIIA Jun 26.csv", viiiaCsv("June")),
      ]);
      expect(result.code).toBe(0);
      expect(jsonLines(result.output)[0]).toMatchObject({ status: "imported", rows: 4 });
      const loaded = await pool.query("select count(*)::int as count from part_viiia_prices");
      expect(loaded.rows[0].count).toBe(4);
      await pool.end();
    } finally {
      await app.stop();
    }
  });
});

/** A Part IX file big enough that saving it takes a while: the window the kill lands in. */
function bigPartIx(rows: number, price: number): Buffer {
  const lines = Array.from({ length: rows }, (_, index) => [
    "IXA",
    "Sample Supplies Ltd",
    `Sample dressing ${index % 500}cm`,
    `Samplex dressing ${index}cm x ${index % 97}cm`,
    "",
    "",
    10,
    "dressing",
    "",
    "",
    price,
    "Normal Item",
    `${1000000 + index}1000001104`,
    `${2000000 + index}1000001108`,
    String(5012345000000 + index),
    "2075901000001102",
    "20030100113",
  ]);
  return nhsbsaCsv({
    title: "June Drug Tariff Part IX",
    header: headers.ix,
    rows: lines,
    trailingBlankRows: 1,
  });
}

async function partIxRows(db: { execute: typeof database.db.execute }, period: string) {
  const result = await db.execute<{ count: string; total: string }>(sql`
    select count(*) as count, coalesce(sum(price_pence), 0) as total from part_ix_prices where period = ${period}::date`);
  return { count: Number(result.rows[0]!.count), total: Number(result.rows[0]!.total) };
}

describe("killing the import mid-way", { timeout: 300_000 }, () => {
  let big: string;
  beforeAll(() => {
    big = write("Drug Tariff Part IX June 2026.csv", bigPartIx(120_000, 777));
  });

  it("through a database server: the transaction is rolled back, the previous month is intact", async () => {
    const previous = await importFile(
      database.db,
      write("Drug Tariff Part IX June 2026 (1).csv", bigPartIx(50, 100)),
      {
        actor: "test",
      },
    );
    expect(previous.status).toBe("imported");
    const before = await snapshotTariffData(database.db);

    const run = startScript("scripts/import.ts", { DATABASE_URL: database.url }, [big]);
    await run.waitFor(/rows read, saving/, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    run.kill("SIGKILL");
    await run.exited;
    expect(run.output()).not.toMatch(/imported/);

    expect(await partIxRows(database.db, "2026-06-01")).toEqual({ count: 50, total: 5000 });
    expect(await snapshotTariffData(database.db)).toEqual(before);
  });

  it("on the embedded database the killed process owned: reopened, the previous month is intact", async () => {
    const dataDir = path.join(folder, "embedded");
    // The previous month goes in from this process: one child fewer to start on a loaded machine,
    // so the time goes to the import that is killed.
    const setup = await openDatabase({ dataDir });
    try {
      await migrateDatabase(setup.db);
      for (const file of [
        write("small/Drug Tariff Part IX June 2026.csv", bigPartIx(50, 100)),
        write("small/Part VIIIA Jun 26.csv", viiiaCsv("June", viiiaRows)),
      ])
        expect((await importFile(setup.db, file, { actor: "test" })).status).toBe("imported");
    } finally {
      await setup.close();
    }

    const run = startScript("scripts/import.ts", { DATABASE_URL: "", DATA_DIR: dataDir }, [big]);
    await run.waitFor(/rows read, saving/, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    run.kill("SIGKILL");
    await run.exited;
    expect(run.output()).not.toMatch(/imported/);
    // The killed process left its lock behind; the next one to open the folder takes it over
    // once that process is gone (the kernel may take a moment to reap it).
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "tariffscope.lock"), "utf8")) as {
      pid: number;
    };
    await expect.poll(() => isRunning(lock.pid), { timeout: 10_000 }).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await partIxRows(reopened.db, "2026-06-01")).toEqual({ count: 50, total: 5000 });
      const viiia = await reopened.db.execute(sql`select count(*) as count from part_viiia_prices`);
      expect(Number(viiia.rows[0]!.count)).toBe(4);
    } finally {
      await reopened.close();
    }
  });
});
