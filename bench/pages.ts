import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";
import pg from "pg";

import { insightPages } from "../src/features/insights/insight-pages";
import { lists } from "../src/features/tariff/lists";
import { hasRealData, realDataDir } from "../tests/fixtures/real-data";
import { startProduct, withClient, withDatabase } from "./server";

/**
 * `npm run bench:pages`: how fast the production build answers every page at real size on
 * PostgreSQL, beside a no-op route in the same run, and how much JavaScript a first visit loads.
 *
 * It creates a fresh database on the server DATABASE_URL names (default: the local server), fills
 * it with the real NHS files of `REAL_DATA_DIR` through `npm run import` (without them, or with
 * BENCH_DATA=sample, two months of the generator's real-scale sample: about 3,600 Part VIIIA and
 * 66,000 Part IX lines a month), starts the product through `npm start`'s own script with the demo
 * accounts, gives the demo admin a watchlist of 2,000 packs, signs in, and runs autocannon (10
 * connections, BENCH_SECONDS per route after BENCH_WARM_SECONDS of the same load) against the
 * no-op `/robots.txt`, every list page and its rows route (ADR 013), every insights page, a product
 * page, the watchlist page and the editions' comparison.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://localhost:${port}`;
const server = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const useRealFiles = hasRealData && process.env.BENCH_DATA !== "sample";
/** Only routes whose path holds this (BENCH_ONLY=insights, say), beside the baseline. */
const only = process.env.BENCH_ONLY;
const watchlistSize = 2_000;

/** The targets (17, and 12 for the watchlist page), in ms. */
const pageTarget = { p50: 100, p99: 300 };
const watchlistTarget = { p50: 150 };
const viiiaRowsTarget = { p50: 30 };
const ixRowsTarget = { p99: 500 };

async function signIn(): Promise<string> {
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

/** The rows URL a list page names (and its table fetches), as the page preloads it; null if none. */
async function rowsPathOf(page: string, cookie: string): Promise<string | null> {
  const html = await (await fetch(`${base}${page}`, { headers: { cookie } })).text();
  const href = html.match(/href="(\/api\/lists\/[a-z0-9-]+\/rows\?[^"]+)"/)?.[1];
  return href ? href.replaceAll("&amp;", "&") : null;
}

type Load = {
  label: string;
  route: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  bytes: number;
};

async function load(label: string, route: string, cookie?: string): Promise<Load> {
  const options = { url: `${base}${route}`, connections: 10, headers: cookie ? { cookie } : {} };
  // Warm the route before measuring: its first render fills the list cache, and a fresh process
  // runs its code unoptimised until the JIT has seen it (a few hundred requests).
  await autocannon({ ...options, duration: warmSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  const row = {
    label,
    route,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
  };
  console.log(`  ${label}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`);
  return row;
}

/** The gzipped size of the scripts a page's HTML loads (Next 16 no longer prints first-load JS). */
async function firstLoadJs(route: string, cookie?: string): Promise<number> {
  const html = await (await fetch(`${base}${route}`, { headers: cookie ? { cookie } : {} })).text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!))];
  let bytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, base))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return bytes;
}

/** The framework's floor: the scripts every page of this build loads, from its build manifest. */
function blankPageJs(): number {
  const manifest = JSON.parse(fs.readFileSync(".next/build-manifest.json", "utf8")) as {
    polyfillFiles: string[];
    rootMainFiles: string[];
  };
  return [...manifest.polyfillFiles, ...manifest.rootMainFiles]
    .map((file) => gzipSync(fs.readFileSync(path.join(".next", file))).length)
    .reduce((sum, size) => sum + size, 0);
}

/** Runs an npm script against the bench database, its output passed through. */
function npmRun(args: string[], databaseUrl: string, dataDir: string) {
  const run = spawnSync("npm", ["run", "--silent", ...args], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  return run.status ?? 1;
}

/** The real files, or the real-scale sample, imported into the bench database before the product starts. */
function fillDatabase(databaseUrl: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-bench-pages-"));
  try {
    if (useRealFiles) {
      const folders = fs
        .readdirSync(realDataDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(realDataDir, entry.name));
      // A file the importer refuses (the concessions page saved as HTML, say) is reported and skipped.
      const code = npmRun(["import", "--", ...folders], databaseUrl, dataDir);
      return `the real files of ${realDataDir}${code === 0 ? "" : " (some refused, listed above)"}`;
    }
    const code = npmRun(["data:sample", "--", "--months", "2", "--scale", "real"], databaseUrl, dataDir);
    if (code !== 0) throw new Error("The real-scale sample did not load.");
    return "two months of the real-scale sample (no real files)";
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Facts = { pack: string | null; watchlistId: string; viiia: number; ix: number };

/** A product page's pack, and the demo admin's watchlist of 2,000 packs of the newest months. */
async function prepare(client: pg.Client): Promise<Facts> {
  const newest = (table: string) =>
    `period = (select max(period) from ${table} where edition = 1) and edition = 1`;
  const count = async (table: string) =>
    Number(
      (await client.query<{ n: string }>(`select count(*) as n from ${table} where ${newest(table)}`))
        .rows[0]!.n,
    );
  const viiia = await count("part_viiia_prices");
  const ix = await count("part_ix_prices");
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
  await client.query(
    `insert into watchlist_items (watchlist_id, kind, code)
     select $1, 'drug', code from (
       select distinct vmpp_snomed_code as code from part_viiia_prices
        where ${newest("part_viiia_prices")} and vmpp_snomed_code is not null order by 1 limit $2) drugs`,
    [watchlistId, watchlistSize / 2],
  );
  const drugs = Number(
    (
      await client.query<{ n: string }>("select count(*) as n from watchlist_items where watchlist_id = $1", [
        watchlistId,
      ])
    ).rows[0]!.n,
  );
  await client.query(
    `insert into watchlist_items (watchlist_id, kind, code)
     select $1, 'appliance', code from (
       select distinct pack_snomed_code as code from part_ix_prices
        where ${newest("part_ix_prices")} and pack_snomed_code is not null order by 1 limit $2) packs`,
    [watchlistId, watchlistSize - drugs],
  );
  const [pack] = (
    await client.query<{ code: string }>(
      `select vmpp_snomed_code as code from part_viiia_prices
        where ${newest("part_viiia_prices")} and vmpp_snomed_code is not null order by medicine limit 1`,
    )
  ).rows;
  return { pack: pack?.code ?? null, watchlistId, viiia, ix };
}

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const loadAtStart = os.loadavg()[0]!.toFixed(1);
const name = `tariffscope_bench_pages_${Date.now()}`;
const benchUrl = withDatabase(server, name);
const admin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(server, work);
await admin((client) => client.query(`create database ${name}`));
let product: Awaited<ReturnType<typeof startProduct>> | undefined;

try {
  const started = Date.now();
  const data = fillDatabase(benchUrl);
  console.log(`\nData: ${data}, loaded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  // A staging-like run on a real database: the demo accounts are asked for by name, no sample data.
  product = await startProduct({ port, databaseUrl: benchUrl, env: { DEMO_SEED: "1" } });
  const facts = await withClient(benchUrl, prepare);
  const cookie = await signIn();

  const routes: { label: string; route: string; public?: boolean }[] = [];
  for (const list of Object.values(lists)) routes.push({ label: list.title, route: list.path });
  for (const insight of Object.values(insightPages))
    routes.push({ label: `Insights: ${insight.path.split("/").pop()}`, route: insight.path });
  // The month the issue measured: January 2026's 1,059 Part VIIIA price changes.
  routes.push({
    label: "Insights: Part VIIIA price changes, January 2026",
    route: "/insights/price-changes-partviiia?month=2026-01",
  });
  if (facts.pack) {
    routes.push({ label: "Product page (signed in)", route: `/drug-info/${facts.pack}` });
    routes.push({ label: "Product page (public)", route: `/drug-info/${facts.pack}`, public: true });
  }
  routes.push({
    label: `Watchlist of ${watchlistSize.toLocaleString("en-GB")} packs`,
    route: `/manage-watchlists-login?list=${facts.watchlistId}`,
  });
  routes.push({ label: "Compare editions", route: "/compare-editions" });

  const chosen = routes.filter((route) => !only || route.route.includes(only));
  console.log(
    `\nbench:pages on PostgreSQL, production build, commit ${commit}, load average ${loadAtStart} at the start;` +
      ` newest England & Wales months: Part VIIIA ${facts.viiia.toLocaleString("en-GB")} rows, Part IX ${facts.ix.toLocaleString("en-GB")};` +
      ` ${seconds} s per route after ${warmSeconds} s warming, 10 connections\n`,
  );
  const loads: Load[] = [await load("no-op baseline", "/robots.txt")];
  for (const route of chosen) {
    loads.push(await load(route.label, route.route, route.public ? undefined : cookie));
    const listPage = Object.values(lists).find((list) => list.path === route.route);
    if (listPage) {
      const rows = await rowsPathOf(route.route, cookie);
      if (rows) loads.push(await load(`${route.label}: rows`, rows, cookie));
    }
  }

  const baseline = loads[0]!;
  const mark = (ok: boolean) => (ok ? "✓" : "✗");
  const verdict = (row: Load): string => {
    if (row === baseline) return "";
    if (row.errors > 0) return `✗ ${row.errors} errors`;
    if (row.label.startsWith("Watchlist"))
      return `p50 ≤ ${watchlistTarget.p50} ${mark(row.p50 <= watchlistTarget.p50)}`;
    if (row.route.startsWith("/api/lists/partviiia/"))
      return `p50 ≤ ${viiiaRowsTarget.p50} ${mark(row.p50 <= viiiaRowsTarget.p50)}`;
    if (row.route.startsWith("/api/lists/partix/"))
      return `p99 ≤ ${ixRowsTarget.p99} ${mark(row.p99 <= ixRowsTarget.p99)}`;
    if (row.route.startsWith("/api/")) return "";
    return `p50 ≤ ${pageTarget.p50} ${mark(row.p50 <= pageTarget.p50)}, p99 ≤ ${pageTarget.p99} ${mark(row.p99 <= pageTarget.p99)}`;
  };
  console.log("");
  console.table(
    loads.map((row) => ({
      route: row.label,
      "p50 ms": row.p50,
      "p99 ms": row.p99,
      "req/s": row.rps,
      "× baseline p50": (row.p50 / Math.max(baseline.p50, 1)).toFixed(1),
      "kB a response": (row.bytes / 1024).toFixed(0),
      target: verdict(row),
    })),
  );

  const js = {
    blank: blankPageJs(),
    home: await firstLoadJs("/"),
    partviiia: await firstLoadJs("/drug-tariff-parts/partviiia", cookie),
    product: facts.pack ? await firstLoadJs(`/drug-info/${facts.pack}`) : null,
    insights: await firstLoadJs("/insights/price-changes-partviiia", cookie),
  };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.table([
    { page: "blank (framework floor)", "first-load JS gz": kb(js.blank), "× blank": "1.00", target: "" },
    {
      page: "/ (home)",
      "first-load JS gz": kb(js.home),
      "× blank": (js.home / js.blank).toFixed(2),
      target: "≤ 1.15",
    },
    {
      page: "/drug-tariff-parts/partviiia",
      "first-load JS gz": kb(js.partviiia),
      "× blank": (js.partviiia / js.blank).toFixed(2),
      target: "≤ 1.5",
    },
    ...(js.product === null
      ? []
      : [
          {
            page: "/drug-info/[code] (public)",
            "first-load JS gz": kb(js.product),
            "× blank": (js.product / js.blank).toFixed(2),
            target: "",
          },
        ]),
    {
      page: "/insights/price-changes-partviiia",
      "first-load JS gz": kb(js.insights),
      "× blank": (js.insights / js.blank).toFixed(2),
      target: "",
    },
  ]);
  const missed = loads.filter((row) => verdict(row).includes("✗"));
  console.log(
    missed.length === 0
      ? "Every route met its target."
      : `${missed.length} of ${loads.length - 1} routes missed a target: ${missed.map((row) => row.label).join("; ")}.`,
  );
  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(
    `bench/results/pages-${Date.now()}.json`,
    JSON.stringify({ commit, data, loadAtStart, facts, loads, js }, null, 2),
  );
} finally {
  await product?.stop();
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}
