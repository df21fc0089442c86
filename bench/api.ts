import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

import autocannon from "autocannon";

import { withRealSizeProduct } from "./real-size";
import { failedRequests, requestsPicking, withClient } from "./server";

/**
 * `npm run bench:api`: the data API at real size on PostgreSQL (ADR 202), beside the no-op route in
 * the same run: a whole real Part VIIIA month as JSON in one answer, and the newest Part IX month
 * read a page of 1,000 packs at a time (every page in turn). Each with a key of its own, made as an
 * admin makes one, with an allowance the load cannot reach. Autocannon, 10 connections,
 * BENCH_SECONDS per route after BENCH_WARM_SECONDS of the same load; the targets are those of
 * docs/performance.md for a page (p50 ≤ 100 ms, p99 ≤ 300 ms) and for Part IX's rows (p99 ≤ 500 ms).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3500);
const base = `http://localhost:${port}`;

type Load = {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  kB: number;
  target: string;
};

async function load(label: string, paths: string[], key?: string): Promise<Omit<Load, "target">> {
  const options = {
    url: base,
    connections: 10,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    requests: requestsPicking((index) => ({ path: paths[index % paths.length]! })),
  };
  await autocannon({ ...options, duration: warmSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  const row = {
    label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: failedRequests(result),
    kB: Math.round(result.throughput.total / Math.max(result.requests.total, 1) / 1024),
  };
  console.log(`  ${label}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`);
  return row;
}

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const loadAtStart = os.loadavg()[0]!.toFixed(1);

await withRealSizeProduct(port, async (facts) => {
  // A key for the demo licence, made by the app's own code on the bench database.
  process.env.DATABASE_URL = facts.databaseUrl;
  const { createApiKey } = await import("../src/features/api/keys");
  const { closeDb } = await import("../src/db/client");
  const licence = await withClient(facts.databaseUrl, async (client) => {
    const { rows } = await client.query<{ license_id: string; id: string }>(
      "select license_id, id from profiles where email = 'admin@demo.tariffscope.test'",
    );
    return rows[0]!;
  });
  const { key } = await createApiKey(licence.license_id, licence.id, "bench", {
    perMinute: 1_000_000,
    perDay: 10_000_000,
  });
  await closeDb();
  const month = await withClient(facts.databaseUrl, async (client) => {
    const newest = async (part: string) =>
      (
        await client.query<{ month: string }>(
          "select to_char(max(period), 'YYYY-MM') as month from tariff_datasets where part = $1 and edition = 1",
          [part],
        )
      ).rows[0]!.month;
    return { viiia: await newest("viiia"), ix: await newest("ix") };
  });

  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { rows: unknown[]; nextCursor: string | null };
  };
  const viiia = `/api/v1/parts/viiia/packs?month=${month.viiia}&limit=10000`;
  const whole = await get(viiia);
  if (whole.nextCursor !== null) throw new Error("A Part VIIIA month did not fit in one answer.");
  const pages: string[] = [];
  for (let cursor: string | null = ""; cursor !== null;) {
    const path: string = `/api/v1/parts/ix/packs?month=${month.ix}&limit=1000${cursor ? `&cursor=${cursor}` : ""}`;
    pages.push(path);
    cursor = (await get(path)).nextCursor;
  }
  console.log(
    `\nbench:api on PostgreSQL, production build, commit ${commit}, load average ${loadAtStart} at the start;` +
      ` Part VIIIA ${month.viiia}: ${whole.rows.length.toLocaleString("en-GB")} packs in one answer;` +
      ` Part IX ${month.ix}: ${pages.length} pages of 1,000; ${seconds} s per route after ${warmSeconds} s warming, 10 connections\n`,
  );

  const mark = (ok: boolean) => (ok ? "✓" : "✗");
  const baseline = await load("no-op baseline (/robots.txt)", ["/robots.txt"]);
  const viiiaLoad = await load(`Part VIIIA ${month.viiia}, whole month as JSON`, [viiia], key);
  const ixLoad = await load(`Part IX ${month.ix}, every page of 1,000 in turn`, pages, key);
  const rows: Load[] = [
    { ...baseline, target: "" },
    {
      ...viiiaLoad,
      target:
        viiiaLoad.errors > 0
          ? `✗ ${viiiaLoad.errors} errors`
          : `p50 ≤ 100 ${mark(viiiaLoad.p50 <= 100)}, p99 ≤ 300 ${mark(viiiaLoad.p99 <= 300)}`,
    },
    {
      ...ixLoad,
      target: ixLoad.errors > 0 ? `✗ ${ixLoad.errors} errors` : `p99 ≤ 500 ${mark(ixLoad.p99 <= 500)}`,
    },
  ];
  console.log("");
  console.table(
    rows.map((row) => ({
      route: row.label,
      "p50 ms": row.p50,
      "p99 ms": row.p99,
      "req/s": row.rps,
      "× baseline p50": (row.p50 / Math.max(baseline.p50, 1)).toFixed(1),
      "kB a response": row.kB,
      target: row.target,
    })),
  );
  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(
    `bench/results/api-${Date.now()}.json`,
    JSON.stringify({ commit, data: facts.data, loadAtStart, month, rows }, null, 2),
  );
});
