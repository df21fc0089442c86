import { execFileSync } from "node:child_process";
import os from "node:os";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { debianChromium } from "../scripts/lib/chromium";
import { freePort } from "../tests/fixtures/processes";
import { startProduct, type RunningProduct } from "./server";

/**
 * `npm run bench:lighthouse`: what each public page costs a phone, beside the barest public page
 * (`/payment/cancelled`: a heading, a sentence and two links in the site's shell) in the same run.
 *
 * It serves the production build on a fresh embedded database with the demo data and its 24-month
 * sample (what `npm start` puts in an empty one), then runs Lighthouse's default mobile audit
 * (a mid-range phone, simulated slow 4G and a 4× slower CPU), performance only, in Debian's
 * Chromium, BENCH_RUNS times a page (default 3), and reports each page's median Total Blocking
 * Time and Largest Contentful Paint as a multiple of the bare page's. The pages are every one of
 * the public route group: home, pricing, blog, policies, and the first product page of each kind
 * in the sitemaps. Last, the scripts that cost the main thread most on the pages that miss, from
 * Lighthouse's `bootup-time` audit.
 */
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_PAGES: a comma-separated list of the routes to measure (the bare page always is). */
const only = (process.env.BENCH_PAGES ?? "").split(",").filter(Boolean);
const baseline = "/payment/cancelled";
/** The targets (docs/performance.md): a page's median against the bare page's. */
const target = { tbt: 1.5, lcp: 1.2 };

type Run = { tbt: number; lcp: number; scripts: { url: string; ms: number }[] };
type Measured = { route: string; tbt: number; lcp: number; scripts: { url: string; ms: number }[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The first page a sitemap lists, as a path. */
async function firstInSitemap(base: string, sitemap: string, prefix: string): Promise<string | null> {
  const xml = await (await fetch(`${base}${sitemap}`)).text();
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const pathname = new URL(loc!).pathname;
    if (pathname.startsWith(prefix)) return pathname;
  }
  return null;
}

async function publicPages(base: string): Promise<string[]> {
  const found = await Promise.all([
    firstInSitemap(base, "/sitemaps/drug-info-1.xml", "/drug-info/"),
    firstInSitemap(base, "/sitemaps/appliance-info-1.xml", "/appliance-info/"),
    firstInSitemap(base, "/sitemaps/brand-info-1.xml", "/brand-info/"),
  ]);
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const post = /<loc>[^<]*?(\/blog\/(?!blog-index)[^<]+)<\/loc>/.exec(xml)?.[1] ?? null;
  return [
    baseline,
    "/",
    "/pricing/plans",
    "/pricing/choose-your-plan",
    "/blog/blog-index",
    post,
    "/policies/privacy-policy",
    "/policies/eula",
    ...found,
  ]
    .filter((route): route is string => route !== null)
    .filter((route) => route === baseline || only.length === 0 || only.includes(route));
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const audits = result?.lhr.audits;
  const tbt = audits?.["total-blocking-time"]?.numericValue;
  const lcp = audits?.["largest-contentful-paint"]?.numericValue;
  if (tbt === undefined || lcp === undefined)
    throw new Error(
      `${url}: Lighthouse gave no TBT or LCP (${result?.lhr.runtimeError?.message ?? "no result"})`,
    );
  const items = (audits?.["bootup-time"]?.details as { items?: { url: string; total: number }[] } | undefined)
    ?.items;
  return { tbt, lcp, scripts: (items ?? []).map((item) => ({ url: item.url, ms: item.total })) };
}

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
console.log(
  `bench:lighthouse: commit ${commit}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores, median of ${runs} runs a page`,
);

let product: RunningProduct | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
const results: Measured[] = [];
try {
  product = await startProduct({ port: await freePort(), databaseUrl: "" });
  chrome = await chromeLauncher.launch({
    chromePath: debianChromium.executablePath,
    chromeFlags: ["--headless=new", ...debianChromium.args],
  });
  const routes = await publicPages(product.base);
  for (const route of routes) {
    const url = `${product.base}${route}`;
    // The first request of a route renders it and warms the server: not what a phone waits for.
    await fetch(url);
    const measured: Run[] = [];
    for (let i = 0; i < runs; i++) measured.push(await audit(url, chrome.port));
    const row = {
      route,
      tbt: median(measured.map((run) => run.tbt)),
      lcp: median(measured.map((run) => run.lcp)),
      scripts: measured[0]!.scripts,
    };
    console.log(`  ${route}: TBT ${row.tbt.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms`);
    results.push(row);
  }
} finally {
  chrome?.kill();
  await product?.stop();
}

const bare = results[0]!;
const mark = (ratio: number, limit: number) => `${ratio.toFixed(2)}× ${ratio <= limit ? "✓" : "✗"}`;
console.log(
  `\npage                                           TBT ms  (× bare, ≤ ${target.tbt}×)   LCP ms  (× bare, ≤ ${target.lcp}×)`,
);
for (const row of results)
  console.log(
    `${row.route.padEnd(44)} ${row.tbt.toFixed(0).padStart(8)}  ${mark(row.tbt / Math.max(bare.tbt, 1), target.tbt).padEnd(18)} ${row.lcp.toFixed(0).padStart(8)}  ${mark(row.lcp / bare.lcp, target.lcp)}`,
  );

const misses = results.filter(
  (row) => row.tbt / Math.max(bare.tbt, 1) > target.tbt || row.lcp / bare.lcp > target.lcp,
);
if (misses.length > 0) {
  console.log("\nScripts costing the main thread most (Lighthouse bootup-time, first run, ms):");
  for (const row of [bare, ...misses]) {
    const top = row.scripts
      .slice(0, 4)
      .map((script) => `${script.url.replace(product!.base, "")} ${script.ms.toFixed(0)}`);
    console.log(`  ${row.route}: ${top.join(", ")}`);
  }
}
console.log(
  `\nTargets: TBT ≤ ${target.tbt}× and LCP ≤ ${target.lcp}× the bare page's (${baseline}), Lighthouse mobile, simulated throttling.`,
);
