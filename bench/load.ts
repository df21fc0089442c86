import { execFileSync } from "node:child_process";
import os from "node:os";

import {
  loadMix,
  printRun,
  recommendedHeapMb,
  reportRun,
  subscribersMix,
  verdict,
  watchWebProcesses,
} from "./mix";
import { withRealSizeProduct } from "./real-size";
import { failedRequests, type PathTimes } from "./server";

/**
 * `npm run bench:load`: the product at real size (`withRealSizeProduct`) under BENCH_CONNECTIONS
 * (default 50) connections for BENCH_SECONDS (default 100) over the subscribers' mix (`bench/mix.ts`),
 * from a cold start: every second counts, the first ones too, when a fresh process builds each list.
 * Each web process's heap is capped as docs/deploy.md recommends (WEB_HEAP_MB, default `recommendedHeapMb`;
 * `WEB_HEAP_MB=off` measures it uncapped). Targets (docs/performance.md): no errors, no web process
 * restarted, p99 ≤ 1 s, at least 100 requests a second, and each web process's peak resident memory
 * ≤ 300 MB. The slowest requests of the mix are listed by path, to show what a missed target is made of.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 100);
const userCount = Number(process.env.BENCH_USERS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3402);
const heapMb = process.env.WEB_HEAP_MB ?? String(recommendedHeapMb);
const target = { p99: 1_000, perSecond: 100, peakMb: 300 };

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();

await withRealSizeProduct(
  port,
  async (product) => {
    const mix = await subscribersMix(product, userCount);
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    const heap = heapMb === "off" ? "heap uncapped" : `WEB_HEAP_MB=${heapMb}`;
    console.log(
      `\nbench:load: ${connections} connections for ${seconds} s from a cold start over a mix of ${mix.mix.length} requests, ${userCount} subscribers, ${heap}; commit ${commit}, load average ${loadAtStart} at the start`,
    );
    const times: PathTimes = new Map();
    const watch = watchWebProcesses(port);
    const result = await loadMix(product.base, mix, connections, seconds, times);
    watch.stop();
    printRun(result, times);
    const peaks = watch.peaks();
    console.table(peaks.map((peak) => ({ pid: peak.pid, "peak RSS MB": peak.peakMb })));
    const errors = failedRequests(result);
    const restarts = watch.restarts();
    const perSecond = Math.round(result.requests.average);
    const peakMb = Math.max(0, ...peaks.map((peak) => peak.peakMb));
    reportRun(
      "load",
      [
        verdict("errors 0", errors === 0, errors),
        verdict("web process restarts 0", restarts === 0, restarts),
        verdict(`p99 ≤ ${target.p99} ms`, result.latency.p99 <= target.p99, `${result.latency.p99} ms`),
        verdict(`≥ ${target.perSecond} requests a second`, perSecond >= target.perSecond, perSecond),
        verdict(`peak RSS per web process ≤ ${target.peakMb} MB`, peakMb <= target.peakMb, `${peakMb} MB`),
      ],
      {
        commit,
        heap,
        data: product.data,
        loadAtStart,
        connections,
        seconds,
        mix: mix.mix,
        result,
        peaks,
        restarts,
      },
    );
  },
  // The subscribers sign in from addresses of their own, through the loopback "proxy".
  { TRUSTED_PROXIES: "127.0.0.1,::1", WEB_HEAP_MB: heapMb === "off" ? "" : heapMb },
);
