import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";

import { chromium } from "@playwright/test";

import { debianChromium } from "../scripts/lib/chromium";

/**
 * `npm run bench:wire`: what a real Part IX month costs the browser to take in, in today's wire
 * format (an array of row objects, ADR 013) beside a columnar one (column names once, each row an
 * array), measured in Debian's Chromium: the parse time (median of BENCH_RUNS, default 9, of
 * `JSON.parse` and, for the columnar form, turning the arrays back into the objects the table reads,
 * or not) and the heap the parsed rows keep (after a forced collection).
 *
 * The rows are made here in the shape the Part IX list sent when the target was set (18 fields,
 * names, codes as strings, the net price's explanation and the product link), BENCH_ROWS of them
 * (default 66,389, a real month), so the run needs no database: that is the baseline ("× before").
 * Since ADR 149 the list sends the same objects without the link and the explanation, which the
 * table makes for the rows in view. A lean columnar variant also leaves out the rate, which could be
 * worked out from the price and net price, to show what the content, rather than its layout, costs.
 */
const rowCount = Number(process.env.BENCH_ROWS ?? 66_389);
const runs = Number(process.env.BENCH_RUNS ?? 9);

type Row = Record<string, string | number | null>;

function partIxRow(i: number): Row {
  const pence = 100 + ((i * 37) % 9_000);
  const net = Math.round(pence * 0.9015);
  const pack = `${3_000_000_000_000 + i * 7}`;
  return {
    ampName: `${["Aquacel", "Allevyn", "Mepilex", "Tegaderm", "Cavilon"][i % 5]} ${i % 9_000} dressing ${(i % 13) + 5}cm x ${(i % 11) + 5}cm`,
    part: ["IXA", "IXB", "IXC", "IXR"][i % 4]!,
    supplierName: `Supplier ${i % 400} Healthcare Ltd`,
    vmpName: `Generic wound dressing ${i % 3_000}`,
    colour: i % 7 === 0 ? "Blue" : null,
    sizeOrWeight: `${(i % 30) + 1}cm x ${(i % 20) + 1}cm`,
    quantity: [1, 5, 10, 30][i % 4]!,
    quantityUnitOfMeasure: "dressing",
    price: pence,
    discountRate: "9.85%",
    netPrice: net,
    netHint: `July 2026 price £${(pence / 100).toFixed(2)} less the 9.85% deduction: £${(net / 100).toFixed(2)}`,
    productOrderNumber: `${1_000_000 + i}`,
    packOrderNumber: `${2_000_000 + i}`,
    addDispensingIndicator: i % 3 === 0 ? "Y" : null,
    packSnomedCode: pack,
    gtin: `0${5_000_000_000_000 + i}`,
    bnfCode: i % 2 === 0 ? "20030100000" : null,
    href: `/appliance-info/${pack}`,
  };
}

const rows = Array.from({ length: rowCount }, (_, i) => partIxRow(i));
const columns = Object.keys(rows[0]!);
/** What the table makes in the browser since ADR 149. */
const made = new Set(["href", "netHint"]);
const derivable = new Set([...made, "discountRate"]);
const leanColumns = columns.filter((column) => !derivable.has(column));
const columnar = (keys: string[]) =>
  JSON.stringify({ columns: keys, rows: rows.map((r) => keys.map((k) => r[k])) });

const bodies: Record<string, string> = {
  objects: JSON.stringify(rows),
  "objects-sent": JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !made.has(key)))),
  ),
  columnar: columnar(columns),
  "columnar-lean": columnar(leanColumns),
};

/** How each body becomes rows in the page: parsed, and for columnar, expanded to objects or kept as arrays. */
const ways = [
  { name: "objects (before ADR 149)", body: "objects", expand: false },
  { name: "objects without link and explanation (sent)", body: "objects-sent", expand: false },
  { name: "columnar, kept as arrays", body: "columnar", expand: false },
  { name: "columnar, expanded to objects", body: "columnar", expand: true },
  { name: "columnar without derivable fields, as arrays", body: "columnar-lean", expand: false },
] as const;

const server = http.createServer((request, response) => {
  const body = bodies[(request.url ?? "/").slice(1)];
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "application/json" }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  ...debianChromium,
  args: [...debianChromium.args, "--enable-precise-memory-info", "--js-flags=--expose-gc"],
});

const version = browser.version();
/**
 * Runs in the page, as text: tsx would wrap a function passed to `page.evaluate` in helpers the page
 * does not have.
 */
const inPage = `async ({ url, expand, runs }) => {
  const text = await (await fetch(url)).text();
  const take = () => {
    const parsed = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed;
    if (!expand) return parsed.rows;
    // One object literal per row, as JSON.parse builds them: the same hidden class for every row.
    const build = new Function("a", "return {" + parsed.columns.map((c, i) => JSON.stringify(c) + ": a[" + i + "]").join(",") + "}");
    return parsed.rows.map(build);
  };
  const times = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const start = performance.now();
    take();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  gc();
  const before = performance.memory.usedJSHeapSize;
  const kept = take();
  gc();
  const after = performance.memory.usedJSHeapSize;
  return { bytes: text.length, parseMs: times[Math.floor(times.length / 2)], heapMb: (after - before) / 1e6, kept: kept.length };
}`;

type Measured = { name: string; bytes: number; parseMs: number; heapMb: number };
const results: Measured[] = [];
try {
  const page = await browser.newPage();
  await page.goto(`${base}/objects`);
  for (const way of ways) {
    const measured = (await page.evaluate(
      `(${inPage})(${JSON.stringify({ url: `${base}/${way.body}`, expand: way.expand, runs })})`,
    )) as { bytes: number; parseMs: number; heapMb: number; kept: number };
    if (measured.kept !== rowCount) throw new Error(`${way.name}: ${measured.kept} rows, not ${rowCount}`);
    results.push({
      name: way.name,
      bytes: measured.bytes,
      parseMs: measured.parseMs,
      heapMb: measured.heapMb,
    });
  }
} finally {
  await browser.close();
  server.close();
}

const before = results[0]!;
console.log(
  `\nbench:wire: ${rowCount.toLocaleString("en-GB")} Part IX rows, median of ${runs} parses, Chromium ${version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n`,
);
console.log(
  "format                                          JSON MB   parse ms (× before)   heap MB (× before)",
);
for (const result of results)
  console.log(
    `${result.name.padEnd(46)} ${(result.bytes / 1e6).toFixed(1).padStart(8)} ${result.parseMs.toFixed(0).padStart(10)}  (${(result.parseMs / before.parseMs).toFixed(2)}×) ${result.heapMb.toFixed(1).padStart(9)}  (${(result.heapMb / before.heapMb).toFixed(2)}×)`,
  );
console.log(
  "\nTarget (issue 17): a real Part IX month parses in half the time and heap it took when the target was set (≤ 0.50× both).",
);
