import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";

import { createDatabase, createPool } from "../src/db/client";
import { startEmbeddedDatabase } from "../src/db/embedded";
import { migrateDatabase } from "../src/db/migrate";
import { loadSampleData } from "../scripts/lib/sample/load";
import { importFile } from "../src/features/imports/service";
import { realDataDir } from "../tests/fixtures/real-data";

/**
 * `npm run bench:import`: how long imports take and how much memory they need, on the database
 * DATABASE_URL selects (a fresh database on that server) or else a fresh embedded one.
 *
 * Each case runs in a process of its own, as `npm run import` does with `npm start` running: the
 * database is served from here, so the peak RSS measured is the importer's alone. Timed runs
 * replace a month that is already loaded with its previous month beside it, so the derived data
 * (changes, net prices) is computed as in a real monthly import.
 */
const tsx = createRequire(import.meta.url).resolve("tsx/cli");

type CaseResult = { seconds: number; rows: number; peakRssMb: number; status: string };

type Case = {
  name: string;
  target: { seconds: number; rssMb?: number };
  /** Loaded before timing, untimed. */
  setup: string[];
  /** What is timed: one file, or the whole sample. */
  timed: string | "sample";
  runs: number;
};

const cases: Case[] = [
  {
    name: "Part VIIIA, one real month (Jan 2026, 3,590 rows)",
    target: { seconds: 1 },
    setup: [path.join(realDataDir, "costmos-processed/drug_tariff_viii_a_202512.csv")],
    timed: path.join(realDataDir, "costmos-processed/drug_tariff_viii_a_202601.csv"),
    runs: 5,
  },
  {
    name: "Part IX, one real month (Jun 2026, 66,445 rows)",
    target: { seconds: 10, rssMb: 300 },
    setup: [path.join(realDataDir, "costmos-processed/drug_tariff_ix_202605.csv.gz")],
    timed: path.join(realDataDir, "costmos-processed/drug_tariff_ix_202606.csv.gz"),
    runs: 3,
  },
  { name: "the whole 24-month sample", target: { seconds: 60 }, setup: [], timed: "sample", runs: 1 },
];

/** In the child: one timed import against the database at `url`, reported as one JSON line. */
async function runCase(url: string, timed: string): Promise<void> {
  const pool = createPool(url, { max: 4 });
  const db = createDatabase(pool);
  const started = performance.now();
  let result: Omit<CaseResult, "seconds" | "peakRssMb">;
  if (timed === "sample") {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-sample-"));
    const load = await loadSampleData(db, { folder, log: () => {} });
    fs.rmSync(folder, { recursive: true, force: true });
    result = {
      rows: load.rows,
      status: load.rejected.length === 0 ? "imported" : `${load.rejected.length} rejected`,
    };
  } else {
    const outcome = await importFile(db, timed, { actor: "bench" });
    result = { rows: outcome.rows ?? 0, status: outcome.status };
  }
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ...result, seconds, peakRssMb }));
}

function child(url: string, timed: string): Promise<CaseResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [tsx, "bench/import.ts", "--child", url, timed], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, LOG_LEVEL: "silent" },
    });
    let output = "";
    proc.stdout.on("data", (chunk: Buffer) => (output += chunk));
    proc.on("exit", (code) => {
      const line = output.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as CaseResult);
      else reject(new Error(`bench case failed (exit ${code}): ${output}`));
    });
  });
}

/** A fresh database for a case: on the DATABASE_URL server, or an embedded one served from here. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `tariffscope_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-embedded-"));
  const embedded = await startEmbeddedDatabase({ dataDir });
  return {
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (!fs.existsSync(realDataDir)) {
    console.log(`The real files are not at ${realDataDir}: only the sample is measured.`);
  }
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
  // The machine may be shared: the load average says how much the figures can be trusted.
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(
    `Import benchmark on ${database}, ${os.cpus().length} CPUs, Node ${process.version}, load average ${load}\n`,
  );
  const report: Record<string, unknown>[] = [];
  // `npm run bench:import -- Part IX` measures only the cases whose names contain the words given.
  const only = process.argv.slice(2).join(" ").toLowerCase();
  for (const benchCase of cases) {
    if (!benchCase.name.toLowerCase().includes(only)) continue;
    if (benchCase.timed !== "sample" && !fs.existsSync(benchCase.timed)) continue;
    const target = await freshDatabase();
    try {
      const pool = createPool(target.url, { max: 2 });
      const db = createDatabase(pool);
      await migrateDatabase(db);
      for (const file of benchCase.setup) await importFile(db, file, { actor: "bench setup" });
      const runs: CaseResult[] = [];
      for (let run = 0; run < benchCase.runs; run++) {
        // Forget that the month is loaded, so every run replaces it in full.
        await db.execute(
          sql`delete from tariff_datasets where import_id in (select id from imports where actor = 'bench')`,
        );
        runs.push(await child(target.url, benchCase.timed));
      }
      await pool.end();
      const seconds = median(runs.map((run) => run.seconds));
      const rows = runs[0]!.rows;
      const peak = Math.max(...runs.map((run) => run.peakRssMb));
      const line = {
        case: benchCase.name,
        runs: runs.length,
        medianSeconds: Number(seconds.toFixed(2)),
        bestSeconds: Number(Math.min(...runs.map((run) => run.seconds)).toFixed(2)),
        rowsPerSecond: Math.round(rows / seconds),
        peakRssMb: Math.round(peak),
        targetSeconds: benchCase.target.seconds,
        ofTarget: Number((seconds / benchCase.target.seconds).toFixed(2)),
        targetRssMb: benchCase.target.rssMb ?? null,
        status: runs.map((run) => run.status).join(", "),
      };
      report.push(line);
      const rss = benchCase.target.rssMb ? ` (target ≤ ${benchCase.target.rssMb} MB)` : "";
      console.log(
        `${benchCase.name}\n  ${line.medianSeconds} s median of ${line.runs} (best ${line.bestSeconds} s; target ≤ ${line.targetSeconds} s, ${line.ofTarget}× of it), ` +
          `${line.rowsPerSecond.toLocaleString("en-GB")} rows/s, peak RSS ${line.peakRssMb} MB${rss}; ${line.status}\n`,
      );
    } finally {
      await target.drop();
    }
  }
  fs.mkdirSync("bench/results", { recursive: true });
  const file = path.join(
    "bench/results",
    `import-${process.env.DATABASE_URL ? "postgres" : "pglite"}-${Date.now()}.json`,
  );
  fs.writeFileSync(
    file,
    JSON.stringify({ database, cpus: os.cpus().length, node: process.version, report }, null, 2),
  );
  console.log(`Written to ${file}`);
}

if (process.argv[2] === "--child") await runCase(process.argv[3]!, process.argv[4]!);
else await main();
process.exit(0);
