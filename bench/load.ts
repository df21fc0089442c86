import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

import autocannon from "autocannon";
import pg from "pg";

import { rowsPathOf, webProcessPeaks, withRealSizeProduct } from "./real-size";
import { failedRequests, type PathTimes, requestsPicking, slowestPaths, withClient } from "./server";
import { createSubscribers, signInSubscribers } from "./subscribers";

/**
 * `npm run bench:load`: the product at real size (`withRealSizeProduct`) under BENCH_CONNECTIONS
 * (default 50) connections for BENCH_SECONDS (default 60), after BENCH_WARM_SECONDS (default 40) of the
 * same load reported apart (a fresh process builds each list once, and under this load a real Part
 * IX month's rows take about 25 s to build), over a mix of what subscribers do: list
 * pages and their rows, product pages, searches, an insights page and its rows, the branded and
 * concession lists, and a 2,000-pack watchlist. Each pass through the mix is signed in as the next
 * of BENCH_USERS (default 40) subscribers, so the per-user search limit is not what is measured.
 * Targets (docs/performance.md): no errors, p99 ≤ 1 s, and each web process's peak resident memory ≤ 300 MB.
 * WEB_HEAP_MB, passed to the product, measures it with each web process's heap capped (ADR 147).
 * The slowest requests of the mix are listed by path, to show what a missed target is made of.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 40);
const userCount = Number(process.env.BENCH_USERS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3402);
const password = "bench load passphrase";
const target = { p99: 1_000, peakMb: 300 };

/** Terms pharmacists type: names, prefixes, a misspelling, an appliance. */
const searches = [
  "amoxicillin",
  "parac",
  "metformin 500",
  "omeprazole",
  "lancets",
  "amlod",
  "paracetemol",
  "insulin",
];

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const loadAtStart = os.loadavg()[0]!.toFixed(1);

await withRealSizeProduct(
  port,
  async (product) => {
    const { base, cookie: adminCookie } = product;
    const users = await createSubscribers(product.databaseUrl, userCount, password);
    const cookies = await signInSubscribers(base, users, password);
    const packs = await withClient(product.databaseUrl, async (client: pg.Client) =>
      (
        await client.query<{ code: string }>(
          `select vmpp_snomed_code as code from part_viiia_prices
            where edition = 1 and period = (select max(period) from part_viiia_prices where edition = 1)
              and vmpp_snomed_code is not null order by md5(vmpp_snomed_code) limit 20`,
        )
      ).rows.map((row) => row.code),
    );
    const rows = async (page: string) => {
      const path = await rowsPathOf(base, page, adminCookie);
      if (!path) throw new Error(`${page} names no rows route.`);
      return path;
    };

    // One pass of the mix; each connection's requests walk through it. Per 40 requests: 12 list
    // pages and rows, 10 product pages, 8 searches, 4 insights, 4 other lists, a watchlist page and its rows.
    const mix: { path: string; admin?: boolean }[] = [];
    const viiia = await rows("/drug-tariff-parts/partviiia");
    const ix = await rows("/drug-tariff-parts/partix-appliances");
    const insights = await rows("/insights/price-changes-partviiia");
    const watchlist = `/manage-watchlists-login?list=${product.watchlistId}`;
    const watchlistRows = await rows(watchlist);
    for (let index = 0; index < 2; index++) {
      mix.push(
        { path: "/drug-tariff-parts/partviiia" },
        { path: viiia },
        { path: "/drug-tariff-parts/partviiia?searchTerm=amlo" },
        { path: "/drug-tariff-parts/partix-appliances" },
        { path: ix },
        { path: "/drug-tariff-parts/partviii-category-m" },
        { path: "/insights/price-changes-partviiia" },
        { path: insights },
        { path: "/brands" },
        { path: "/concession-prices" },
        { path: index === 0 ? watchlist : watchlistRows, admin: true },
      );
    }
    for (const code of packs.slice(0, 10)) mix.push({ path: `/drug-info/${code}` });
    for (const term of searches) mix.push({ path: `/api/search?q=${encodeURIComponent(term)}` });

    const heap = process.env.WEB_HEAP_MB ? `, WEB_HEAP_MB=${process.env.WEB_HEAP_MB}` : "";
    console.log(
      `\nbench:load: ${connections} connections for ${seconds} s over a mix of ${mix.length} requests, ${userCount} subscribers${heap}; commit ${commit}, load average ${loadAtStart} at the start`,
    );
    // One sequence for the warming and the measured load: the subscribers take turns across both.
    const times: PathTimes = new Map();
    const requests = requestsPicking((index) => {
      const entry = mix[index % mix.length]!;
      // Each pass through the mix is one subscriber's, the next pass the next's: a subscriber
      // does every kind of request, and no few of them do all the searching.
      const subscriber = cookies[Math.floor(index / mix.length) % cookies.length]!;
      return { path: entry.path, cookie: entry.admin ? adminCookie : subscriber };
    }, times);
    const load = (duration: number) => autocannon({ url: base, connections, duration, requests });
    // A process just started compiles its code as it first runs it and builds each list once: the
    // first seconds are reported apart, as what the first visitors after a deployment wait.
    const warming = await load(warmSeconds);
    console.log(
      `Warming (${warmSeconds} s, not counted): ${warming.requests.total} requests, p99 ${warming.latency.p99} ms, max ${warming.latency.max} ms, ${failedRequests(warming)} failed (${warming.timeouts} timed out).`,
    );
    times.clear();
    const result = await load(seconds);
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(
      ([status, stats]) => [status, stats.count ?? 0] as const,
    );
    const peaks = webProcessPeaks(port);
    const errors = failedRequests(result);
    console.table([
      {
        requests: result.requests.total,
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p97.5 ms": result.latency.p97_5,
        "p99 ms": result.latency.p99,
        "max ms": result.latency.max,
        errors,
        "timed out": result.timeouts,
      },
    ]);
    console.log(`Statuses: ${statuses.map(([status, count]) => `${status} × ${count}`).join(", ")}`);
    console.log("The slowest requests of the mix:");
    console.table(slowestPaths(times, 8));
    console.table(peaks.map((peak) => ({ pid: peak.pid, "peak RSS MB": peak.peakMb })));
    const peakMb = Math.max(0, ...peaks.map((peak) => peak.peakMb));
    const verdicts = [
      `errors 0: ${errors === 0 ? "✓" : `✗ (${errors})`}`,
      `p99 ≤ ${target.p99} ms: ${result.latency.p99 <= target.p99 ? "✓" : "✗"} (${result.latency.p99} ms)`,
      `peak RSS per web process ≤ ${target.peakMb} MB: ${peakMb <= target.peakMb ? "✓" : "✗"} (${peakMb} MB)`,
    ];
    console.log(verdicts.join("\n"));
    console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync(
      `bench/results/load-${Date.now()}.json`,
      JSON.stringify(
        {
          commit,
          data: product.data,
          loadAtStart,
          connections,
          seconds,
          mix,
          result,
          peaks,
          statuses: [...statuses],
        },
        null,
        2,
      ),
    );
  },
  // The subscribers sign in from addresses of their own, through the loopback "proxy".
  { TRUSTED_PROXIES: "127.0.0.1,::1" },
);
