import fs from "node:fs";
import os from "node:os";

import { webServerProcesses } from "../tests/fixtures/processes";
import { subscribersMix } from "./mix";
import { withRealSizeProduct } from "./real-size";

/**
 * `npm run bench:cost`: what each request of the subscribers' mix (`bench/mix.ts`) costs the web
 * processes in CPU time, at real size. bench:load's throughput is bounded by the machine's cores, so
 * a request's CPU time, not its latency alone, says where the next requests a second come from.
 * Each path of the mix is asked BENCH_REPEATS times (default 30) one after another, after a pass
 * that builds what is kept, and the web processes' user and system time (Linux's /proc) is divided
 * among them. CPU time hardly depends on what else the machine runs, so the figures compare across
 * runs on a busy machine too; PostgreSQL's share is not in them.
 */
const repeats = Number(process.env.BENCH_REPEATS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3403);
const ticksPerSecond = 100; // Linux's USER_HZ

/** The web processes' CPU time so far (user and system), in ms. */
function webCpuMs(): number {
  let ticks = 0;
  for (const { pid } of webServerProcesses(port)) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/** The route a path stands for: ids, codes and query values left out, so like requests add up. */
const routeOf = (path: string) =>
  path
    .replace(/\?.*$/, (query) => (query.includes("searchTerm") ? "?searchTerm=…" : ""))
    .replace(/\/[0-9a-f-]{36}\//, "/…/")
    .replace(/\/drug-info\/\d+/, "/drug-info/…")
    .replace(/\/api\/search.*/, "/api/search");

await withRealSizeProduct(
  port,
  async (product) => {
    const mix = await subscribersMix(product, 4);
    const ask = async (index: number) => {
      const { path, cookie } = mix.pick(index);
      const response = await fetch(`${product.base}${path}`, {
        headers: { cookie, "accept-encoding": "gzip" },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    };
    // Three passes build what each process keeps (list months, insights), as a warm server has.
    for (let index = 0; index < 3 * mix.mix.length; index++) await ask(index);

    console.log(
      `\nbench:cost: CPU time of the web processes a request, ${repeats} requests each, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const byRoute = new Map<string, { ms: number; count: number; share: number }>();
    for (const [at, entry] of mix.mix.entries()) {
      const before = webCpuMs();
      for (let pass = 0; pass < repeats; pass++) await ask(pass * mix.mix.length + at);
      const route = routeOf(entry.path);
      const row = byRoute.get(route) ?? { ms: 0, count: 0, share: 0 };
      row.ms += webCpuMs() - before;
      row.count += repeats;
      row.share += 1;
      byRoute.set(route, row);
    }
    const rows = [...byRoute].map(([route, { ms, count, share }]) => ({
      route,
      "in the mix (of 40)": share,
      "CPU ms a request": Number((ms / count).toFixed(1)),
      "CPU ms a mix": Math.round((ms / count) * share),
    }));
    rows.sort((a, b) => b["CPU ms a mix"] - a["CPU ms a mix"]);
    console.table(rows);
    const mixMs = rows.reduce((sum, row) => sum + row["CPU ms a mix"], 0);
    console.log(
      `A pass of the mix: ${mixMs} ms of web CPU, ${(mixMs / 40).toFixed(1)} ms a request on average; ` +
        `${os.availableParallelism()} cores give at most ${Math.round((os.availableParallelism() * 1000 * 40) / mixMs)} requests a second before PostgreSQL and the load's own share.`,
    );
  },
  { TRUSTED_PROXIES: "127.0.0.1,::1" },
);
