import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { webServerProcesses } from "../tests/fixtures/processes";
import { hasRealData, realDataDir } from "../tests/fixtures/real-data";
import { startProduct, withClient, withDatabase } from "./server";

/**
 * What bench:pages and bench:load share: the product served at real size from a fresh database on
 * the PostgreSQL server DATABASE_URL names (default: the local server), filled with the real NHS
 * files of `REAL_DATA_DIR` through `npm run import` (without them, or with BENCH_DATA=sample, two
 * months of the generator's real-scale sample: about 3,600 Part VIIIA and 66,000 Part IX lines a
 * month), with the demo accounts and a demo-admin watchlist of 2,000 packs.
 */
const server = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const useRealFiles = hasRealData && process.env.BENCH_DATA !== "sample";
export const watchlistSize = 2_000;

export type RealSizeProduct = {
  base: string;
  databaseUrl: string;
  /** What the database holds, in words. */
  data: string;
  /** The demo admin's session cookie. */
  cookie: string;
  /** A Part VIIIA pack of the newest England & Wales month, for its product page. */
  pack: string | null;
  watchlistId: string;
  /** Rows in the newest England & Wales months. */
  viiia: number;
  ix: number;
};

/** Runs an npm script against the bench database, its output passed through. */
function npmRun(args: string[], databaseUrl: string, dataDir: string) {
  const run = spawnSync("npm", ["run", "--silent", ...args], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  return run.status ?? 1;
}

/** Every file of the real folders, bar `heldBack`: what the bench database is filled with. */
function realFiles(heldBack: string[]): string[] {
  return fs
    .readdirSync(realDataDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = path.join(realDataDir, entry.name);
      const files = fs.readdirSync(folder).map((name) => path.join(folder, name));
      // A folder whole when nothing of it is held back: the importer picks what it can read.
      return files.some((file) => heldBack.includes(file))
        ? files.filter((file) => !heldBack.includes(file))
        : [folder];
    });
}

/**
 * The newest real Part IX month, which bench:soak imports while under load: a real month's worth
 * of new data, which every process must then build its lists from afresh.
 */
export function newestRealPartIx(): string | null {
  if (!useRealFiles) return null;
  const found = fs
    .readdirSync(realDataDir, { recursive: true, encoding: "utf8" })
    .filter((name) => /(^|\/)drug_tariff_ix_\d{6}\.csv(\.gz)?$/.test(name))
    .sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
  return found.length > 0 ? path.join(realDataDir, found.at(-1)!) : null;
}

/** The real files, or the real-scale sample, imported into the bench database before the product starts. */
function fillDatabase(databaseUrl: string, heldBack: string[]): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-bench-"));
  try {
    if (useRealFiles) {
      // A file the importer refuses (the concessions page saved as HTML, say) is reported and skipped.
      const code = npmRun(["import", "--", ...realFiles(heldBack)], databaseUrl, dataDir);
      const held = heldBack.length ? `, bar ${heldBack.map((file) => path.basename(file)).join(", ")}` : "";
      return `the real files of ${realDataDir}${held}${code === 0 ? "" : " (some refused, listed above)"}`;
    }
    const code = npmRun(["data:sample", "--", "--months", "2", "--scale", "real"], databaseUrl, dataDir);
    if (code !== 0) throw new Error("The real-scale sample did not load.");
    return "two months of the real-scale sample (no real files)";
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Imports `files` into the bench database as `npm run import` does while the product serves, in a
 * process of its own and without holding this one's event loop (the load generator runs in it).
 */
export async function importNow(databaseUrl: string, files: string[]): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-bench-"));
  try {
    const run = spawn("npm", ["run", "--silent", "import", "--", ...files], {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    });
    return await new Promise<number>((resolve) => run.on("exit", (code) => resolve(code ?? 1)));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "admin@demo.tariffscope.test", password: "tariffscope-demo-1" }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A product page's pack, and the demo admin's watchlist of 2,000 packs of the newest months. */
async function prepare(client: pg.Client) {
  const newest = (table: string) =>
    `period = (select max(period) from ${table} where edition = 1) and edition = 1`;
  const count = async (table: string) =>
    Number(
      (await client.query<{ n: string }>(`select count(*) as n from ${table} where ${newest(table)}`))
        .rows[0]!.n,
    );
  const [owner] = (
    await client.query<{ id: string }>("select id from profiles where email = $1", [
      "admin@demo.tariffscope.test",
    ])
  ).rows;
  if (!owner) throw new Error("The demo admin was not seeded.");
  const watchlistId = (
    await client.query<{ id: string }>(
      "insert into watchlists (owner_id, name) values ($1, 'Bench: 2,000 packs') returning id",
      [owner.id],
    )
  ).rows[0]!.id;
  // Half Part VIIIA packs (as many as there are, up to 1,000), the rest Part IX packs.
  const drugs = await client.query(
    `insert into watchlist_items (watchlist_id, kind, code)
     select $1, 'drug', code from (
       select distinct vmpp_snomed_code as code from part_viiia_prices
        where ${newest("part_viiia_prices")} and vmpp_snomed_code is not null order by 1 limit $2) drugs`,
    [watchlistId, watchlistSize / 2],
  );
  await client.query(
    `insert into watchlist_items (watchlist_id, kind, code)
     select $1, 'appliance', code from (
       select distinct pack_snomed_code as code from part_ix_prices
        where ${newest("part_ix_prices")} and pack_snomed_code is not null order by 1 limit $2) packs`,
    [watchlistId, watchlistSize - (drugs.rowCount ?? 0)],
  );
  const [pack] = (
    await client.query<{ code: string }>(
      `select vmpp_snomed_code as code from part_viiia_prices
        where ${newest("part_viiia_prices")} and vmpp_snomed_code is not null order by medicine limit 1`,
    )
  ).rows;
  return {
    pack: pack?.code ?? null,
    watchlistId,
    viiia: await count("part_viiia_prices"),
    ix: await count("part_ix_prices"),
  };
}

/**
 * Serves the product at real size on `port` for `work`, then stops it and drops its database.
 * A staging-like run on a real database: the demo accounts are asked for by name, no sample data.
 * The real files in `heldBack` are left out, for `work` to import.
 */
export async function withRealSizeProduct(
  port: number,
  work: (product: RealSizeProduct) => Promise<void>,
  env: Record<string, string> = {},
  heldBack: string[] = [],
): Promise<void> {
  const name = `tariffscope_bench_${Date.now()}`;
  const databaseUrl = withDatabase(server, name);
  const admin = <T>(task: (client: pg.Client) => Promise<T>) => withClient(server, task);
  await admin((client) => client.query(`create database ${name}`));
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  try {
    const started = Date.now();
    const data = fillDatabase(databaseUrl, heldBack);
    console.log(`\nData: ${data}, loaded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    product = await startProduct({ port, databaseUrl, env: { DEMO_SEED: "1", ...env } });
    const facts = await withClient(databaseUrl, prepare);
    await work({ base: product.base, databaseUrl, data, cookie: await signIn(product.base), ...facts });
  } finally {
    await product?.stop();
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

/**
 * The web server processes serving `port` (`scripts/serve.mjs` and its workers), each with its peak
 * resident memory so far (Linux's VmHWM), in MB.
 */
export function webProcessPeaks(port: number): { pid: number; peakMb: number }[] {
  return webServerProcesses(port).map(({ pid, status }) => ({
    pid,
    peakMb: Math.round(Number(status.match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? 0) / 1024),
  }));
}

/** The rows URL a list or insights page names (and its table fetches), as the page preloads it; null if none. */
export async function rowsPathOf(base: string, page: string, cookie: string): Promise<string | null> {
  const html = await (await fetch(`${base}${page}`, { headers: { cookie } })).text();
  const href = html.match(/href="(\/api\/(?:lists|insights|watchlists)\/[a-z0-9-]+\/rows\?[^"]+)"/)?.[1];
  return href ? href.replaceAll("&amp;", "&") : null;
}
