import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";
import pg from "pg";

import { startProduct, withClient, withDatabase } from "./server";

/**
 * `npm run bench:pages`: how fast the production build answers on real PostgreSQL with the
 * 24-month sample, and how much JavaScript a first visit loads.
 *
 * It creates a fresh database on the server DATABASE_URL names (default: the local server's
 * `postgres` database), starts the product with `npm start`'s own script (which migrates, seeds the
 * demo accounts, loads the sample and builds when stale), signs the demo admin in, and runs
 * autocannon (10 connections, 20 s; BENCH_SECONDS overrides) against each route, after 5 s of
 * the same load to warm it (BENCH_WARM_SECONDS). A list page's rows come from its rows route
 * (ADR 013), measured on its own line.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://localhost:${port}`;
const server = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

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

/** The rows URL the Part VIIIA page names (and its table fetches), as the page preloads it. */
async function rowsPath(cookie: string): Promise<string> {
  const html = await (await fetch(`${base}/drug-tariff-parts/partviiia`, { headers: { cookie } })).text();
  const href = html.match(/href="(\/api\/lists\/partviiia\/rows\?[^"]+)"/)?.[1];
  if (!href) throw new Error("The Part VIIIA page names no rows URL.");
  return href.replaceAll("&amp;", "&");
}

type Load = { route: string; p50: number; p95: number; rps: number; errors: number; non2xx: number };

async function load(route: string, cookie?: string): Promise<Load> {
  // Warm the route before measuring: its first render fills the list cache, and a fresh process
  // runs its code unoptimised until the JIT has seen it (a few hundred requests).
  await autocannon({
    url: `${base}${route}`,
    connections: 10,
    duration: warmSeconds,
    headers: cookie ? { cookie } : {},
  });
  const result = await autocannon({
    url: `${base}${route}`,
    connections: 10,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  return {
    route,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    non2xx: result.non2xx,
  };
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

const name = `tariffscope_bench_pages_${Date.now()}`;
const admin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(server, work);
await admin((client) => client.query(`create database ${name}`));
const product = await startProduct({
  port,
  databaseUrl: withDatabase(server, name),
  // A staging-like run on a real database: each demonstration aid is asked for by name.
  env: { DEMO_SEED: "1", SAMPLE_DATA: "1" },
}).catch(async (error: unknown) => {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  throw error;
});

try {
  const cookie = await signIn();
  const pool = new pg.Pool({ connectionString: withDatabase(server, name), max: 1 });
  const [pack] = (
    await pool.query<{ code: string }>(
      "select vmpp_snomed_code as code from part_viiia_prices where edition = 1 and vmpp_snomed_code is not null limit 1",
    )
  ).rows;
  await pool.end();
  const detail = pack ? `/drug-info/${pack.code}` : undefined;
  const detailAnswers = detail ? (await fetch(`${base}${detail}`)).ok : false;

  const rows = await rowsPath(cookie);
  const loads: Load[] = [
    await load("/robots.txt"),
    await load("/drug-tariff-parts/partviiia", cookie),
    await load(rows, cookie),
    await load("/drug-tariff-parts/partix-appliances", cookie),
  ];
  if (detail && detailAnswers) loads.push(await load(detail));
  const js = {
    blank: blankPageJs(),
    home: await firstLoadJs("/"),
    partviiia: await firstLoadJs("/drug-tariff-parts/partviiia", cookie),
  };

  const baseline = loads[0]!;
  console.log(`\nbench:pages on PostgreSQL, production build, ${seconds} s per route, 10 connections\n`);
  console.table(
    loads.map((row) => ({
      route: row.route,
      "p50 ms": row.p50,
      "p97.5 ms": row.p95,
      "req/s": row.rps,
      "× baseline p50": (row.p50 / Math.max(baseline.p50, 1)).toFixed(1),
      errors: row.errors + row.non2xx,
    })),
  );
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
  ]);
  const [, viiia, viiiaRows] = loads;
  console.log(`Part VIIIA p50 ${viiia!.p50} ms (target ≤ 150 ms); its rows route p50 ${viiiaRows!.p50} ms`);
  const detailLoad = loads.find((row) => row.route === detail);
  if (detailLoad)
    console.log(
      `Detail page p50 ${(detailLoad.p50 / Math.max(baseline.p50, 1)).toFixed(1)}× the baseline (target ≤ 3×)`,
    );
  else console.log("Detail page: not measured (no /drug-info page answered).");
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(`bench/results/pages-${Date.now()}.json`, JSON.stringify({ loads, js }, null, 2));
} finally {
  await product.stop();
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}
