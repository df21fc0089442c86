import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";
import pg from "pg";

import { createDatabase, createPool } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { loadSampleData, sampleSeed } from "../scripts/lib/sample/load";
import { currentPeriod } from "../src/lib/tariff-vocabulary";
import { startProduct, withClient, withDatabase } from "./server";
import { createSubscribers, signInSubscribers } from "./subscribers";

/**
 * `npm run bench:search`: how fast the global search answers on PostgreSQL with the real tariff's
 * size (`npm run data:sample -- --scale real`), against `/api/me` under the same load: the
 * cheapest request that still checks the session and subscription, so the ratio is what the
 * search adds to any signed-in request.
 *
 * The data is loaded once into the database `tariffscope_bench_search` on the server DATABASE_URL
 * names (default: the local server) and kept there, marked with the generator's version (a digest
 * of its sources) and the months: a later run with the same generator and months starts at once.
 * BENCH_MONTHS (default 60) sets the months; BENCH_SECONDS (default 20) how long each kind of
 * query is measured, after BENCH_WARM_SECONDS (default 5) of load with other questions.
 *
 * The queries are read from the data: full names, one-letter misspellings of their first word,
 * and codes (Part VIIIA VMPPs, Part IX pack codes and GTINs), each with the pack it must find.
 * Autocannon sends them at 10 connections. Each request signs as the next of BENCH_USERS (default
 * 240) subscribers, so the per-user search limit (120 a minute) is never what is measured (a kept
 * answer comes back at about 200 a second, 12,000 a minute); the
 * figures report any refusal.
 *
 * The product keeps each search's answer until the data changes (ADR 144), so the search is
 * measured both ways: each of the 200 is first timed alone, asked for the first time; another 200
 * never asked before are sent once each at 10 connections ("first asks"); then the 200 are sent
 * again and again, as users repeat searches. The lone first-time figures are set against the search
 * without its indexes (every part's month read with `ILIKE '%term%'`, the search's own indexes
 * dropped in a transaction that is rolled back): each query's two times, their medians and the
 * ratio (target ≥ 20× at p50).
 * BENCH_DATABASE names another database, e.g. for a small BENCH_MONTHS run beside a kept one.
 */
const months = Number(process.env.BENCH_MONTHS ?? 60);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const userCount = Number(process.env.BENCH_USERS ?? 240);
const port = Number(process.env.BENCH_PORT ?? 3401);
const base = `http://localhost:${port}`;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = process.env.BENCH_DATABASE ?? "tariffscope_bench_search";
const to = currentPeriod();
const password = "bench search passphrase";

const benchUrl = withDatabase(serverUrl, databaseName);

/** The generator's version: its sources, with the months, the scale, the seed and the last month. */
function dataVersion(): string {
  const hash = createHash("sha256");
  const folder = path.join("src", "features", "imports", "sample");
  for (const file of fs.readdirSync(folder).sort())
    if (!file.includes(".test.")) hash.update(fs.readFileSync(path.join(folder, file)));
  hash.update(JSON.stringify({ months, scale: "real", seed: sampleSeed, to }));
  return hash.digest("hex").slice(0, 16);
}

/** The real-scale data, loaded unless this generator's version already is. */
async function ensureData(): Promise<void> {
  const version = dataVersion();
  const exists = await withClient(serverUrl, async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [databaseName]);
    return found.rows.length > 0;
  });
  if (exists) {
    const loaded = await withClient(benchUrl, async (client) => {
      const table = await client.query("select to_regclass('bench_search_data') as name");
      if (!table.rows[0]?.name) return null;
      return (await client.query<{ version: string }>("select version from bench_search_data")).rows[0]
        ?.version;
    });
    if (loaded === version) return console.log(`[bench] Real-scale data ${version} already loaded.`);
    await withClient(serverUrl, (client) => client.query(`drop database ${databaseName} with (force)`));
  }
  await withClient(serverUrl, (client) => client.query(`create database ${databaseName}`));
  const pool = createPool(benchUrl, { max: 4 });
  const db = createDatabase(pool);
  try {
    await migrateDatabase(db);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-bench-search-"));
    console.log(`[bench] Loading ${months} real-scale months (once for this generator version)…`);
    const result = await loadSampleData(db, {
      folder,
      to,
      months,
      scale: "real",
      log: (message) => console.log(`[bench] ${message}`),
    });
    fs.rmSync(folder, { recursive: true, force: true });
    if (result.rejected.length > 0)
      throw new Error(`Sample files were rejected:\n${result.rejected.map((r) => r.message).join("\n")}`);
    console.log(
      `[bench] Loaded ${result.rows.toLocaleString("en-GB")} rows in ${result.seconds.toFixed(0)} s.`,
    );
    await pool.query("create table bench_search_data (version text not null)");
    await pool.query("insert into bench_search_data values ($1)", [version]);
    await pool.query("analyze");
  } finally {
    await pool.end();
  }
}

type Query = { kind: "name" | "misspelling" | "code"; q: string; part: string; expected: string };

/** One wrong letter in the middle of the first word, as a hurried pharmacist types it. */
function misspell(name: string): string | null {
  const [first, ...rest] = name.toLowerCase().split(" ");
  if (!first || first.length < 7 || !/^[a-z]+$/.test(first)) return null;
  const middle = Math.floor(first.length / 2);
  const wrong = first[middle] === "e" ? "a" : "e";
  return [first.slice(0, middle) + wrong + first.slice(middle + 1), ...rest].join(" ");
}

/**
 * 200 queries from the month in force, each with the pack (by name or code) it must find. Set 0 is
 * the measured set; sets 1 and 2 are drawn the same way from other rows, for questions the product
 * has not been asked yet.
 */
async function readQueries(set: 0 | 1 | 2 = 0): Promise<Query[]> {
  return withClient(benchUrl, async (client) => {
    const latest = async (table: string) =>
      (
        await client.query<{ period: string }>(
          `select max(period)::text as period from ${table} where edition = 1`,
        )
      ).rows[0]!.period;
    const viiia = await latest("part_viiia_prices");
    const ix = await latest("part_ix_prices");
    const sample = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows;
    const drugs = await sample<{ medicine: string; code: string }>(
      `select distinct on (medicine) medicine, vmpp_snomed_code as code from part_viiia_prices
        where edition = 1 and period = $1 and vmpp_snomed_code is not null order by medicine, md5(vmpp_snomed_code)`,
      [viiia],
    );
    const appliances = await sample<{ name: string; code: string; gtin: string | null }>(
      `select amp_name as name, pack_snomed_code as code, gtin from part_ix_prices
        where edition = 1 and period = $1 and amp_name is not null and pack_snomed_code is not null
        order by md5(pack_snomed_code) limit 400`,
      [ix],
    );
    // Spread over the alphabet rather than the first names in it; each set a third of a step on.
    const spread = <T>(rows: T[], count: number) =>
      Array.from(
        { length: Math.min(count, rows.length) },
        (_, i) => rows[Math.floor(((i + set / 3) * rows.length) / count)]!,
      );
    const queries: Query[] = [
      ...spread(drugs, 30).map((d) => ({
        kind: "name" as const,
        q: d.medicine.toLowerCase(),
        part: "viiia",
        expected: d.medicine,
      })),
      ...spread(appliances, 30).map((a) => ({
        kind: "name" as const,
        q: a.name.toLowerCase(),
        part: "ix",
        expected: a.name,
      })),
      ...spread(drugs, 200)
        .flatMap((d) => {
          const q = misspell(d.medicine);
          return q ? [{ kind: "misspelling" as const, q, part: "viiia", expected: d.medicine }] : [];
        })
        .slice(0, 50),
      ...spread(drugs, 30).map((d) => ({
        kind: "code" as const,
        q: d.code,
        part: "viiia",
        expected: d.code,
      })),
      ...spread(appliances, 30).map((a) => ({
        kind: "code" as const,
        q: a.code,
        part: "ix",
        expected: a.code,
      })),
      ...spread(
        appliances.filter((a) => a.gtin),
        30,
      ).map((a) => ({ kind: "code" as const, q: a.gtin!, part: "ix", expected: a.code })),
    ];
    return queries;
  });
}

type Section = { part: string; results: { name: string; code: string | null }[] };

/** Whether each query's pack is among the first 5 of its part, asked once each. */
async function recall(queries: Query[], cookies: string[]): Promise<{ found: number; missed: Query[] }> {
  const missed: Query[] = [];
  for (const [index, query] of queries.entries()) {
    const response = await fetch(`${base}/api/search?q=${encodeURIComponent(query.q)}`, {
      headers: { cookie: cookies[index % cookies.length]! },
    });
    if (!response.ok) throw new Error(`Search for ${query.q} answered ${response.status}`);
    const { sections } = (await response.json()) as { sections: Section[] };
    const results = sections.find((section) => section.part === query.part)?.results ?? [];
    const found = results.some((result) =>
      query.kind === "code" ? result.code === query.expected : result.name === query.expected,
    );
    if (!found) missed.push(query);
  }
  return { found: queries.length - missed.length, missed };
}

/** Each query's time through `/api/search`, one request at a time, as the un-indexed baseline runs. */
async function timeEach(queries: Query[], cookies: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const [index, query] of queries.entries()) {
    const started = performance.now();
    const response = await fetch(`${base}/api/search?q=${encodeURIComponent(query.q)}`, {
      headers: { cookie: cookies[index % cookies.length]! },
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * The parts the search reads for England & Wales, as a search without its indexes would read them:
 * each table's latest month, every row whose name holds the term (`ILIKE '%term%'`) or whose code is it.
 */
const unindexedParts = [
  { table: "part_viiia_prices", name: "medicine", codes: ["vmpp_snomed_code", "vmp_snomed_code"] },
  {
    table: "part_viiib_prices",
    name: "medicine",
    codes: ["minimum_quantity_vmpp_snomed_code", "additional_unit_vmpp_snomed_code", "vmp_snomed_code"],
  },
  { table: "part_viiid_prices", name: "medicine", codes: ["vmpp_snomed_code", "vmp_snomed_code"] },
  { table: "category_m_prices", name: "medicine", codes: ["vmpp_snomed_code"] },
  {
    table: "part_ix_prices",
    name: "amp_name",
    codes: ["pack_snomed_code", "product_snomed_code", "gtin", "pack_order_number", "product_order_number"],
  },
  { table: "branded_packs", name: "name", codes: ["ampp_snomed_code", "gtin"], only: "acbs" },
  { table: "branded_packs", name: "name", codes: ["ampp_snomed_code", "gtin"] },
  { table: "concessions", name: "drug", codes: ["vmpp_snomed_code"] },
];

/**
 * The indexes the search added (ADR 097), dropped for the baseline in a transaction rolled back: the
 * names' trigram index, Part IX's code indexes and the (edition, period, name) indexes, so Part VIIIA,
 * Part IX and branded packs are read without an index, as the un-indexed `ILIKE` would read them.
 */
const searchIndexes = [
  "tariff_names_name_trgm_idx",
  "part_viiia_prices_name_idx",
  "part_ix_prices_name_idx",
  "branded_packs_name_idx",
  "part_ix_prices_product_idx",
  "part_ix_prices_gtin_idx",
  "part_ix_prices_pack_order_idx",
  "part_ix_prices_product_order_idx",
];

/** Each query's time with the search indexes dropped: every part's `ILIKE '%term%'`, one after another. */
async function timeUnindexed(queries: Query[]): Promise<number[]> {
  return withClient(benchUrl, async (client) => {
    await client.query("begin");
    try {
      for (const index of searchIndexes) await client.query(`drop index if exists ${index}`);
      const periods = new Map<string, string>();
      for (const { table } of unindexedParts)
        periods.set(
          table,
          (await client.query<{ p: string }>(`select max(period)::text as p from ${table} where edition = 1`))
            .rows[0]!.p,
        );
      const times: number[] = [];
      for (const query of queries) {
        const started = performance.now();
        for (const part of unindexedParts) {
          const codes = part.codes.map((code) => `${code} = $3`).join(" or ");
          await client.query(
            `select * from ${part.table} where edition = 1 and period = $1::date ${part.only ? `and ${part.only}` : ""}
              and (${part.name} ilike $2 or ${codes}) order by ${part.name}`,
            [periods.get(part.table), `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, query.q],
          );
        }
        times.push(performance.now() - started);
      }
      return times;
    } finally {
      await client.query("rollback");
    }
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Load = { label: string; p50: number; p95: number; p99: number; rps: number; refused: number };

/**
 * 10 connections for `duration` s, or until `{ once: true }` has sent each path once; each request
 * is the next path, signed in as the next user.
 */
async function load(
  label: string,
  paths: string[],
  cookies: string[],
  duration: number | { once: true },
): Promise<Load> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    ...(typeof duration === "number" ? { duration } : { amount: paths.length }),
    requests: [
      {
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            path: paths[index % paths.length]!,
            headers: { ...request.headers, cookie: cookies[index % cookies.length]! },
          };
        },
      },
    ],
  });
  return {
    label,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    refused: result.non2xx + result.errors,
  };
}

await ensureData();
// `npm run bench:search -- --load-only` prepares the data and stops.
if (process.argv.includes("--load-only")) process.exit(0);
const users = await createSubscribers(benchUrl, userCount, password);
const product = await startProduct({
  port,
  databaseUrl: benchUrl,
  // The sign-ins come through here from many pharmacies' addresses.
  env: { TRUSTED_PROXIES: "127.0.0.1,::1", DEMO_SEED: "0", SAMPLE_DATA: "0" },
});

try {
  const cookies = await signInSubscribers(base, users, password);
  // The product keeps each answer until the data changes (ADR 144), so a question is measured
  // twice: the first time it is asked, when nothing is kept, and again, as most are.
  const queries = await readQueries(0);
  const unseen = (set: Query[]) => set.filter((query) => !queries.some((asked) => asked.q === query.q));
  const firstAsks = unseen(await readQueries(1));
  const warming = unseen(await readQueries(2)).filter((query) => !firstAsks.some((q) => q.q === query.q));
  const pathOf = (query: Query) => `/api/search?q=${encodeURIComponent(query.q)}`;
  const kinds = ["name", "misspelling", "code"] as const;
  // Warm the routes first: a fresh process runs its code unoptimised for a few hundred requests.
  await load("warm", warming.map(pathOf), cookies, warmSeconds);
  await load("warm", ["/api/me"], cookies, warmSeconds);
  // Each measured query asked alone, for the first time: the search's own cost, beside the un-indexed one.
  const searched = await timeEach(queries, cookies);
  const me = await load("/api/me", ["/api/me"], cookies, seconds);
  const firstAsked = await load("/api/search, first asks", firstAsks.map(pathOf), cookies, { once: true });
  const { found, missed } = await recall(queries, cookies);
  const loads = [me, firstAsked];
  for (const kind of kinds)
    loads.push(
      await load(
        `/api/search (${kind})`,
        queries.filter((query) => query.kind === kind).map(pathOf),
        cookies,
        seconds,
      ),
    );
  const periods = await withClient(
    benchUrl,
    async (client) =>
      (
        await client.query<{ months: string; viiia: string; ix: string }>(
          `select (select count(distinct period) from tariff_datasets where edition = 1 and part = 'viiia')::text as months,
                (select count(*) from part_viiia_prices)::text as viiia,
                (select count(*) from part_ix_prices)::text as ix`,
        )
      ).rows[0]!,
  );
  console.log(
    `\nbench:search on PostgreSQL, production build, ${periods.months} real-scale months ` +
      `(${Number(periods.viiia).toLocaleString("en-GB")} Part VIIIA rows, ${Number(periods.ix).toLocaleString("en-GB")} Part IX rows), ` +
      `10 connections over ${userCount} users, ${seconds} s each, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
  );
  console.table(
    loads.map((row) => ({
      route: row.label,
      "p50 ms": row.p50,
      "p97.5 ms": row.p95,
      "p99 ms": row.p99,
      "req/s": row.rps,
      "p50 × /api/me": (row.p50 / Math.max(me.p50, 1)).toFixed(1),
      "p99 × /api/me": (row.p99 / Math.max(me.p99, 1)).toFixed(1),
      refused: row.refused,
    })),
  );
  console.log(
    `"first asks": ${firstAsks.length} questions not asked before, each sent once at 10 connections ` +
      "(nothing kept); the other search rows ask the measured 200 again and again, as users repeat searches.",
  );
  console.log(
    `Recall: ${found} of ${queries.length} queries (${((100 * found) / queries.length).toFixed(1)} %) find their pack among the first 5 (target ≥ 95 %).`,
  );
  for (const query of missed.slice(0, 10)) console.log(`  missed (${query.kind}, ${query.part}): ${query.q}`);

  // Against the search without its indexes: each query alone, one request at a time, both ways.
  const unindexed = await timeUnindexed(queries);
  console.log(
    "\nEach query, one at a time: /api/search against ILIKE '%term%' with the search indexes dropped",
  );
  console.table(
    queries.map((query, index) => ({
      kind: query.kind,
      query: query.q.length > 40 ? `${query.q.slice(0, 39)}…` : query.q,
      "search ms": Math.round(searched[index]!),
      "un-indexed ms": Math.round(unindexed[index]!),
      "× faster": (unindexed[index]! / Math.max(searched[index]!, 1)).toFixed(1),
    })),
  );
  const speedUp = median(unindexed) / Math.max(median(searched), 1);
  console.log(
    `p50: /api/search ${median(searched).toFixed(0)} ms, un-indexed ILIKE ${median(unindexed).toFixed(0)} ms: ` +
      `${speedUp.toFixed(1)}× faster (target ≥ 20×).`,
  );
  const repeated = loads.filter((row) => row.label.startsWith("/api/search ("));
  const searchP95 = Math.max(...repeated.map((row) => row.p95));
  console.log(
    `p97.5: /api/search asked again at most ${searchP95} ms, asked first ${firstAsked.p95} ms; /api/me ${me.p95} ms: ` +
      `${(searchP95 / Math.max(me.p95, 1)).toFixed(1)}× and ${(firstAsked.p95 / Math.max(me.p95, 1)).toFixed(1)}× (target ≤ 2×).`,
  );
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(
    `bench/results/search-${Date.now()}.json`,
    JSON.stringify(
      {
        periods,
        loads,
        recall: { found, total: queries.length, missed },
        unindexed: queries.map((query, index) => ({
          ...query,
          searchMs: searched[index],
          unindexedMs: unindexed[index],
        })),
      },
      null,
      2,
    ),
  );
} finally {
  await product.stop();
}
