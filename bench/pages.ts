import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";

import { insightPages } from "../src/features/insights/insight-pages";
import { lists } from "../src/features/tariff/lists";
import { rowsPathOf, watchlistSize, withRealSizeProduct } from "./real-size";
import { failedRequests, requestsPicking } from "./server";

/**
 * `npm run bench:pages`: how fast the production build answers every page at real size on
 * PostgreSQL, beside a no-op route in the same run, and how much JavaScript a first visit loads.
 *
 * It serves the product at real size (`withRealSizeProduct`: the real files, or the real-scale
 * sample, on a fresh PostgreSQL database, with a 2,000-pack watchlist), signs in, and runs autocannon (10
 * connections, BENCH_SECONDS per route after BENCH_WARM_SECONDS of the same load, once every route has
 * been asked BENCH_WARM_ALL_SECONDS together) against the
 * no-op `/robots.txt`, every list and insights page and its rows route (ADR 013, 140), a product
 * page, the watchlist page and the editions' comparison.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 3);
/** Seconds of every chosen route at once before any is measured, so the first is not measured cold. */
const warmAllSeconds = Number(process.env.BENCH_WARM_ALL_SECONDS ?? 15);
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://localhost:${port}`;
/** Only routes whose path holds one of these (BENCH_ONLY=insights or partviiia,partix), beside the baseline. */
const only = process.env.BENCH_ONLY?.split(",");

/** The targets each route is held to (docs/performance.md), in ms. */
const pageTarget = { p50: 100, p99: 300 };
const watchlistTarget = { p50: 150 };
const viiiaRowsTarget = { p50: 30 };
const ixRowsTarget = { p99: 500 };

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
    errors: failedRequests(result),
    bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
  };
  console.log(`  ${label}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`);
  return row;
}

/**
 * Every route (and its rows) in turn on every connection for BENCH_WARM_ALL_SECONDS: a process
 * just started compiles and optimises the code all pages share (the layout, the session) as it first
 * runs it, which would otherwise fall on whichever route is measured first.
 */
async function warmAll(routes: { route: string; public?: boolean; rows: string | null }[], cookie: string) {
  const paths = routes.flatMap((route) => [
    { path: route.route, cookie: route.public ? undefined : cookie },
    ...(route.rows ? [{ path: route.rows, cookie }] : []),
  ]);
  await autocannon({
    url: base,
    connections: 10,
    duration: warmAllSeconds,
    requests: requestsPicking((index) => paths[index % paths.length]!),
  });
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

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const loadAtStart = os.loadavg()[0]!.toFixed(1);

await withRealSizeProduct(port, async (facts) => {
  const { cookie, data } = facts;
  const routes: { label: string; route: string; public?: boolean }[] = [];
  for (const list of Object.values(lists)) routes.push({ label: list.title, route: list.path });
  for (const insight of Object.values(insightPages))
    routes.push({ label: `Insights: ${insight.path.split("/").pop()}`, route: insight.path });
  // The heaviest month measured before ADR 140: January 2026's 1,059 Part VIIIA price changes.
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

  const chosen = routes.filter((route) => !only || only.some((part) => route.route.includes(part)));
  console.log(
    `\nbench:pages on PostgreSQL, production build, commit ${commit}, load average ${loadAtStart} at the start;` +
      ` newest England & Wales months: Part VIIIA ${facts.viiia.toLocaleString("en-GB")} rows, Part IX ${facts.ix.toLocaleString("en-GB")};` +
      ` ${seconds} s per route after ${warmSeconds} s warming, 10 connections\n`,
  );
  // A list or insights page's rows come from its rows route (ADR 013, 140): measured beside it.
  const measured = await Promise.all(
    chosen.map(async (route) => ({
      ...route,
      rows: route.public ? null : await rowsPathOf(base, route.route, cookie),
    })),
  );
  await warmAll(measured, cookie);
  const loads: Load[] = [await load("no-op baseline", "/robots.txt")];
  for (const route of measured) {
    loads.push(await load(route.label, route.route, route.public ? undefined : cookie));
    if (route.rows) loads.push(await load(`${route.label}: rows`, route.rows, cookie));
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

  // First-load JS beside the framework's floor, with the targets recorded for it (ADR 012).
  const blank = blankPageJs();
  const weighed = [
    { page: "/ (home)", route: "/", signedIn: false, target: "≤ 1.15" },
    {
      page: "/drug-tariff-parts/partviiia",
      route: "/drug-tariff-parts/partviiia",
      signedIn: true,
      target: "≤ 1.5",
    },
    ...(facts.pack
      ? [
          {
            page: "/drug-info/[code] (public)",
            route: `/drug-info/${facts.pack}`,
            signedIn: false,
            target: "",
          },
        ]
      : []),
    {
      page: "/insights/price-changes-partviiia",
      route: "/insights/price-changes-partviiia",
      signedIn: true,
      target: "",
    },
  ];
  const js: { page: string; bytes: number; target: string }[] = [
    { page: "blank (framework floor)", bytes: blank, target: "" },
  ];
  for (const { page, route, signedIn, target } of weighed)
    js.push({ page, bytes: await firstLoadJs(route, signedIn ? cookie : undefined), target });
  console.table(
    js.map(({ page, bytes, target }) => ({
      page,
      "first-load JS gz": `${(bytes / 1024).toFixed(1)} kB`,
      "× blank": (bytes / blank).toFixed(2),
      target,
    })),
  );
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
});
