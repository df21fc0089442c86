import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

import {
  loadMix,
  printRun,
  recommendedHeapMb,
  reportRun,
  subscribersMix,
  verdict,
  watchWebProcesses,
  type ProcessSample,
} from "./mix";
import { importNow, newestRealPartIx, withRealSizeProduct } from "./real-size";
import { failedRequests, type PathTimes } from "./server";

/**
 * `npm run bench:soak`: bench:load's product and mix held for BENCH_SECONDS (default 600) at
 * BENCH_CONNECTIONS (default 20), from a cold start, with each web process's heap capped as
 * docs/deploy.md recommends (WEB_HEAP_MB, default `recommendedHeapMb`). Halfway through, the newest real Part IX
 * month (left out of the data loaded first) is imported, as an import arrives on a serving instance:
 * every list is then built afresh. Targets (docs/performance.md): no errors, no web process
 * restarted, and memory flat: the web processes' peak resident memory in the last minute within 10 %
 * of their peak in the second minute (the first is the cold start).
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 600);
const userCount = Number(process.env.BENCH_USERS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3402);
const heapMb = process.env.WEB_HEAP_MB ?? String(recommendedHeapMb);
const flatWithin = 0.1;

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const partIx = newestRealPartIx();
if (!partIx) console.warn("No real Part IX month to import mid-run: the soak runs without an import.");

/** The peak resident memory of any web process in each minute of the run, in MB. */
function minutePeaks(samples: ProcessSample[]): number[] {
  const peaks: number[] = [];
  for (const { at, rssMb } of samples) {
    const minute = Math.floor(at / 60_000);
    peaks[minute] = Math.max(peaks[minute] ?? 0, ...Object.values(rssMb));
  }
  return peaks.map((peak) => peak ?? 0);
}

await withRealSizeProduct(
  port,
  async (product) => {
    const mix = await subscribersMix(product, userCount);
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    console.log(
      `\nbench:soak: ${connections} connections for ${seconds} s from a cold start over a mix of ${mix.mix.length} requests, WEB_HEAP_MB=${heapMb}${partIx ? `, ${path.basename(partIx)} imported at ${seconds / 2} s` : ""}; commit ${commit}, load average ${loadAtStart} at the start`,
    );
    const times: PathTimes = new Map();
    const watch = watchWebProcesses(port, 5_000);
    const imported = new Promise<string>((resolve) => {
      if (!partIx) return resolve("no import");
      setTimeout(
        async () => {
          const started = Date.now();
          const code = await importNow(product.databaseUrl, [partIx]);
          // The mix now asks for the new month's rows, as the pages name them.
          await mix.refreshRows();
          const took = ((Date.now() - started) / 1000).toFixed(0);
          resolve(`${path.basename(partIx)} imported (exit code ${code}) in ${took} s from ${seconds / 2} s`);
        },
        (seconds / 2) * 1000,
      );
    });
    const result = await loadMix(product.base, mix, connections, seconds, times);
    watch.stop();
    console.log(await imported);
    printRun(result, times);
    const peaks = minutePeaks(watch.samples);
    console.table(peaks.map((peakMb, minute) => ({ minute: minute + 1, "peak RSS MB": peakMb })));
    const errors = failedRequests(result);
    const restarts = watch.restarts();
    const [second, last] = [peaks[1] ?? 0, peaks.at(seconds % 60 === 0 ? -2 : -1) ?? 0];
    const flat = second > 0 && last <= second * (1 + flatWithin);
    reportRun(
      "soak",
      [
        verdict("errors 0", errors === 0, errors),
        verdict("web process restarts 0", restarts === 0, restarts),
        verdict(
          `memory flat, the last minute's peak ≤ ${100 + flatWithin * 100} % of the second's`,
          flat,
          `${last} MB against ${second} MB`,
        ),
      ],
      {
        commit,
        heapMb,
        data: product.data,
        loadAtStart,
        connections,
        seconds,
        result,
        peaks,
        restarts,
        samples: watch.samples,
      },
    );
  },
  { TRUSTED_PROXIES: "127.0.0.1,::1", WEB_HEAP_MB: heapMb === "off" ? "" : heapMb },
  partIx ? [partIx] : [],
);
