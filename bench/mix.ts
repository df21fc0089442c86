import fs from "node:fs";
import os from "node:os";

import autocannon from "autocannon";
import pg from "pg";

import { webServerProcesses } from "../tests/fixtures/processes";
import { rowsPathOf, type RealSizeProduct } from "./real-size";
import { failedRequests, type PathTimes, requestsPicking, slowestPaths, withClient } from "./server";
import { createSubscribers, signInSubscribers } from "./subscribers";

/**
 * What bench:load and bench:soak share: the subscribers' mix of requests at real size, the load
 * over it, and a watch on the web server processes (each one's resident memory, and any that
 * stopped and was replaced).
 */

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

/** The heap cap docs/deploy.md recommends for a web process (`WEB_HEAP_MB`, ADR 232): what bench:load and bench:soak run with. */
export const recommendedHeapMb = 256;

export type MixEntry = { path: string; admin?: boolean };

export type SubscribersMix = {
  mix: MixEntry[];
  /** The rows addresses of the mix read again from their pages (after an import brings a new month). */
  refreshRows(): Promise<void>;
  /** The nth request over the mix: each pass through it is signed in as the next subscriber. */
  pick(index: number): { path: string; cookie: string };
  /** autocannon's requests over the mix (`pick`'s, in order); `times` gets each path's answers. */
  requests(times: PathTimes): autocannon.Request[];
};

/**
 * The mix of what subscribers do, per 40 requests: 12 list pages and rows, 10 product pages, 8
 * searches, 4 insights, 4 other lists, a watchlist page and its rows. Each pass through the mix is
 * signed in as the next of `userCount` subscribers, so the per-user search limit is not measured.
 */
export async function subscribersMix(product: RealSizeProduct, userCount: number): Promise<SubscribersMix> {
  const { base, cookie: adminCookie } = product;
  const password = "bench load passphrase";
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
  const rowsOf = async (page: string) => {
    const path = await rowsPathOf(base, page, adminCookie);
    if (!path) throw new Error(`${page} names no rows route.`);
    return path;
  };
  const pages = {
    viiia: "/drug-tariff-parts/partviiia",
    ix: "/drug-tariff-parts/partix-appliances",
    insights: "/insights/price-changes-partviiia",
    watchlist: `/manage-watchlists-login?list=${product.watchlistId}`,
  };
  const rows = async () => ({
    viiia: await rowsOf(pages.viiia),
    ix: await rowsOf(pages.ix),
    insights: await rowsOf(pages.insights),
    watchlist: await rowsOf(pages.watchlist),
  });
  let current = await rows();
  const pick = (index: number) => {
    const entry = mix[index % mix.length]!;
    const subscriber = cookies[Math.floor(index / mix.length) % cookies.length]!;
    return { path: entry.path, cookie: entry.admin ? adminCookie : subscriber };
  };
  const mix: MixEntry[] = [];
  for (let index = 0; index < 2; index++) {
    mix.push(
      { path: pages.viiia },
      { path: current.viiia },
      { path: `${pages.viiia}?searchTerm=amlo` },
      { path: pages.ix },
      { path: current.ix },
      { path: "/drug-tariff-parts/partviii-category-m" },
      { path: pages.insights },
      { path: current.insights },
      { path: "/brands" },
      { path: "/concession-prices" },
      { path: index === 0 ? pages.watchlist : current.watchlist, admin: true },
    );
  }
  for (const code of packs.slice(0, 10)) mix.push({ path: `/drug-info/${code}` });
  for (const term of searches) mix.push({ path: `/api/search?q=${encodeURIComponent(term)}` });

  return {
    mix,
    async refreshRows() {
      const next = await rows();
      const keys = Object.keys(current) as (keyof typeof current)[];
      const renamed = new Map(keys.map((key) => [current[key], next[key]]));
      for (const entry of mix) entry.path = renamed.get(entry.path) ?? entry.path;
      current = next;
    },
    pick,
    requests: (times) => requestsPicking(pick, times),
  };
}

/** One sample of the web server processes: each one's resident memory now, in MB. */
export type ProcessSample = { at: number; rssMb: Record<number, number> };

export type ProcessWatch = {
  /** The processes seen, each with its peak resident memory (Linux's VmHWM) in MB. */
  peaks(): { pid: number; peakMb: number }[];
  /** Processes that appeared after the first ones: each is a web process that stopped and was replaced. */
  restarts(): number;
  samples: ProcessSample[];
  stop(): void;
};

const mbOf = (status: string, field: string) =>
  Math.round(Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0) / 1024);

/**
 * Watches the web server processes serving `port` every `everyMs`: the pids seen (a new one is a
 * restart: the server replaces a process that died), each one's peak, and their memory over time.
 */
export function watchWebProcesses(port: number, everyMs = 1_000): ProcessWatch {
  const started = Date.now();
  const first = new Set(webServerProcesses(port).map((process) => process.pid));
  const peaks = new Map<number, number>();
  const samples: ProcessSample[] = [];
  const look = () => {
    const rssMb: Record<number, number> = {};
    for (const { pid, status } of webServerProcesses(port)) {
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, mbOf(status, "VmHWM")));
      rssMb[pid] = mbOf(status, "VmRSS");
    }
    samples.push({ at: Date.now() - started, rssMb });
  };
  look();
  const timer = setInterval(look, everyMs);
  return {
    peaks: () => [...peaks].map(([pid, peakMb]) => ({ pid, peakMb })),
    restarts: () => [...peaks.keys()].filter((pid) => !first.has(pid)).length,
    samples,
    stop: () => {
      clearInterval(timer);
      look();
    },
  };
}

/** Runs autocannon over the mix for `seconds` at `connections`. */
export function loadMix(
  base: string,
  mix: SubscribersMix,
  connections: number,
  seconds: number,
  times: PathTimes,
) {
  return autocannon({ url: base, connections, duration: seconds, requests: mix.requests(times) });
}

/** The run's figures as a table row, and the slowest paths, printed. */
export function printRun(result: autocannon.Result, times: PathTimes): void {
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(
    ([status, stats]) => `${status} × ${stats.count ?? 0}`,
  );
  console.table([
    {
      requests: result.requests.total,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p97.5 ms": result.latency.p97_5,
      "p99 ms": result.latency.p99,
      "max ms": result.latency.max,
      errors: failedRequests(result),
      "timed out": result.timeouts,
    },
  ]);
  console.log(`Statuses: ${statuses.join(", ")}`);
  console.log("The slowest requests of the mix:");
  console.table(slowestPaths(times, 8));
}

/** One target's line: its label, ✓ or ✗, and the figure measured. */
export const verdict = (label: string, met: boolean, figure: string | number) =>
  `${label}: ${met ? "✓" : "✗"} (${figure})`;

/** Prints the verdicts and the load average now, and writes the run's record to bench/results/. */
export function reportRun(name: string, verdicts: string[], record: object): void {
  console.log(verdicts.join("\n"));
  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(`bench/results/${name}-${Date.now()}.json`, JSON.stringify(record, null, 2));
}
