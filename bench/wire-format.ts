import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

import { chromium, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { build } from "esbuild";

import { columnarRowsJson, type RowValue } from "../src/lib/rows-wire";
import { debianChromium } from "../scripts/lib/chromium";
import { hasRealData, realDataDir } from "../tests/fixtures/real-data";

/**
 * `npm run bench:wire`: what a Part IX month's rows cost the browser to take in, in each wire format
 * the rows route has used, measured in Debian's Chromium: the bytes sent (gzip's best level, as the
 * route compresses), the time to make the rows the table reads (median of BENCH_RUNS, default 9:
 * `JSON.parse`, and for the columns, `rowsFromColumns`, bundled from the product's own module), the
 * heap they keep (after a forced collection) and the time to read every value of every row once.
 *
 * - objects, before ADR 149: an array of row objects, each with the link and the net price's
 *   explanation. The baseline the target was set against ("× before").
 * - objects, ADR 149: the same without the link and the explanation, which the table makes.
 * - columns, ADR 153: what the route sends now, made by the product's `columnarRowsJson`.
 *
 * The rows are the real month (the newest `drug_tariff_ix_*.csv.gz` of REAL_DATA_DIR, in the list's
 * row shape) where the real files are present, and always a synthetic month of BENCH_ROWS rows
 * (default 66,389, a real month's count) made alike, so the run needs no database.
 */
const rowCount = Number(process.env.BENCH_ROWS ?? 66_389);
const runs = Number(process.env.BENCH_RUNS ?? 9);

type Row = Record<string, RowValue>;

/** A row as the Part IX list made it before ADR 149: the values, the explanation and the link. */
function listRow(values: {
  ampName: string;
  part: string;
  supplierName: string;
  vmpName: string;
  colour: string | null;
  sizeOrWeight: string | null;
  quantity: number;
  quantityUnitOfMeasure: string;
  price: number;
  productOrderNumber: string | null;
  packOrderNumber: string | null;
  addDispensingIndicator: string | null;
  packSnomedCode: string | null;
  productSnomedCode: string | null;
  gtin: string | null;
  bnfCode: string | null;
}): Row {
  const { price, packSnomedCode, productSnomedCode, ...named } = values;
  const net = Math.round(price * 0.9015);
  const { productOrderNumber, packOrderNumber, addDispensingIndicator, gtin, bnfCode, ...leading } = named;
  return {
    ...leading,
    price,
    discountRate: "9.85%",
    netPrice: net,
    netHint: `July 2026 price £${(price / 100).toFixed(2)} less the 9.85% deduction: £${(net / 100).toFixed(2)}`,
    productOrderNumber,
    packOrderNumber,
    addDispensingIndicator,
    packSnomedCode,
    ...(packSnomedCode ? {} : { productSnomedCode }),
    gtin,
    bnfCode,
    href: `/appliance-info/${packSnomedCode ?? productSnomedCode}`,
  };
}

function syntheticRows(): Row[] {
  return Array.from({ length: rowCount }, (_, i) => {
    const pack = `${3_000_000_000_000 + i * 7}`;
    return listRow({
      ampName: `${["Aquacel", "Allevyn", "Mepilex", "Tegaderm", "Cavilon"][i % 5]} ${i % 9_000} dressing ${(i % 13) + 5}cm x ${(i % 11) + 5}cm`,
      part: ["IXA", "IXB", "IXC", "IXR"][i % 4]!,
      supplierName: `Supplier ${i % 400} Healthcare Ltd`,
      vmpName: `Generic wound dressing ${i % 3_000}`,
      colour: i % 7 === 0 ? "Blue" : null,
      sizeOrWeight: `${(i % 30) + 1}cm x ${(i % 20) + 1}cm`,
      quantity: [1, 5, 10, 30][i % 4]!,
      quantityUnitOfMeasure: "dressing",
      price: 100 + ((i * 37) % 9_000),
      productOrderNumber: `${1_000_000 + i}`,
      packOrderNumber: `${2_000_000 + i}`,
      addDispensingIndicator: i % 3 === 0 ? "Y" : null,
      packSnomedCode: pack,
      productSnomedCode: null,
      gtin: `0${5_000_000_000_000 + i}`,
      bnfCode: i % 2 === 0 ? "20030100000" : null,
    });
  });
}

/** The newest real Part IX month, in the list's row shape; null without the real files. */
function realRows(): { file: string; rows: Row[] } | null {
  if (!hasRealData) return null;
  const folder = path.join(realDataDir, "costmos-processed");
  const file = fs
    .readdirSync(folder)
    .filter((name) => /^drug_tariff_ix_\d{6}\.csv\.gz$/.test(name))
    .sort()
    .at(-1);
  if (!file) return null;
  const records = parse(gunzipSync(fs.readFileSync(path.join(folder, file))), { columns: true }) as Record<
    string,
    string
  >[];
  const text = (value: string | undefined) => (value ? value : null);
  const rows = records.map((r) =>
    listRow({
      ampName: r.amp_name || r.vmp_name!,
      part: r.drug_tariff_part!,
      supplierName: r.supplier_name!,
      vmpName: r.vmp_name!,
      colour: text(r.colour),
      sizeOrWeight: text(r.size_or_weight),
      quantity: Number(r.quantity),
      quantityUnitOfMeasure: r.quantity_unit_of_measure!,
      price: Number(r.price_in_p),
      productOrderNumber: text(r.product_order_number),
      packOrderNumber: text(r.pack_order_number),
      addDispensingIndicator: text(r.add_dispensing_indicator),
      packSnomedCode: text(r.pack_snomed_code),
      productSnomedCode: text(r.product_snomed_code),
      gtin: text(r.gtin),
      bnfCode: text(r.bnf_code),
    }),
  );
  return { file, rows };
}

/** What the table makes in the browser since ADR 149. */
const made = new Set(["href", "netHint"]);
const withoutMade = (rows: Row[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !made.has(key))));

/** Each wire format's body, and how the page makes the table's rows of it. */
const formats = (rows: Row[]) => [
  { name: "objects, before ADR 149 (the baseline)", body: JSON.stringify(rows), columns: false },
  { name: "objects, ADR 149", body: JSON.stringify(withoutMade(rows)), columns: false },
  {
    name: "columns, ADR 153 (sent now)",
    body: columnarRowsJson(withoutMade(rows)),
    columns: true,
  },
];

// The product's own reader of the columns, for the page.
const bundled = await build({
  entryPoints: [path.resolve("src/lib/rows-wire.ts")],
  bundle: true,
  format: "iife",
  globalName: "rowsWire",
  write: false,
  target: "chrome120",
});
const rowsWireScript = bundled.outputFiles[0]!.text;

let body = "";
const server = http.createServer((request, response) => {
  if (request.url === "/rows")
    return void response.writeHead(200, { "content-type": "application/json" }).end(body);
  response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>bench:wire</title>");
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
const inPage = `async ({ url, columns, runs, heapOnly }) => {
  const text = await (await fetch(url)).text();
  const take = () => {
    const parsed = JSON.parse(text);
    return columns ? rowsWire.rowsFromColumns(parsed) : parsed;
  };
  if (heapOnly) {
    // The heap the rows keep: the median of three takes, each between two full collections.
    const heaps = [];
    let kept = null;
    for (let i = 0; i < 3; i++) {
      kept = null;
      gc();
      gc();
      const before = performance.memory.usedJSHeapSize;
      kept = take();
      gc();
      gc();
      heaps.push(performance.memory.usedJSHeapSize - before);
    }
    heaps.sort((a, b) => a - b);
    return { heapMb: heaps[1] / 1e6, kept: kept.length };
  }
  const times = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const start = performance.now();
    take();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const kept = take();
  const keys = Object.keys(JSON.parse(JSON.stringify(kept[0])));
  const reads = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    let present = 0;
    for (const row of kept) for (const key of keys) if (row[key] !== null) present++;
    reads.push(performance.now() - start);
  }
  reads.sort((a, b) => a - b);
  return {
    parseMs: times[Math.floor(times.length / 2)],
    readMs: reads[Math.floor(reads.length / 2)],
    kept: kept.length,
    first: JSON.stringify(kept[0]),
  };
}`;

type Measured = {
  name: string;
  bytes: number;
  gzipped: number;
  parseMs: number;
  heapMb: number;
  readMs: number;
};

/** A page with the product's reader of the columns. */
async function benchPage() {
  const page = await browser.newPage();
  await page.goto(base);
  await page.addScriptTag({ content: rowsWireScript });
  return page;
}

type InPage = { parseMs: number; readMs: number; heapMb: number; kept: number; first: string };

async function run(page: Page, format: { name: string; columns: boolean }, options: object, rows: Row[]) {
  const measured = (await page.evaluate(
    `(${inPage})(${JSON.stringify({ url: `${base}/rows`, columns: format.columns, ...options })})`,
  )) as InPage;
  if (measured.kept !== rows.length)
    throw new Error(`${format.name}: ${measured.kept} rows, not ${rows.length}`);
  return measured;
}

/**
 * Each format's figures for `rows`. The times in one page, after a first pass over every format,
 * not counted, that grows the page's heap to its working size, so no format pays for growing it.
 * The heap in a page of its own for each format: what one format leaves (held by the page's caches
 * of what its code last read) would otherwise be counted against the next.
 */
async function measure(rows: Row[]): Promise<Measured[]> {
  const results: Measured[] = [];
  const page = await benchPage();
  for (const counted of [false, true])
    for (const format of formats(rows)) {
      body = format.body;
      const measured = await run(page, format, { runs: counted ? runs : 2 }, rows);
      const sent = withoutMade(rows.slice(0, 1))[0]!;
      const first = JSON.parse(measured.first) as Row;
      // Every value of the first row reads as sent (a key the row lacked, as null).
      if (format.columns && Object.entries(first).some(([key, value]) => value !== (sent[key] ?? null)))
        throw new Error(`${format.name}: the first row reads ${measured.first}, not ${JSON.stringify(sent)}`);
      if (counted)
        results.push({
          name: format.name,
          bytes: format.body.length,
          gzipped: gzipSync(format.body, { level: 9 }).byteLength,
          parseMs: measured.parseMs,
          heapMb: 0,
          readMs: measured.readMs,
        });
    }
  await page.close();
  for (const [index, format] of formats(rows).entries()) {
    body = format.body;
    const own = await benchPage();
    results[index]!.heapMb = (await run(own, format, { heapOnly: true }, rows)).heapMb;
    await own.close();
  }
  return results;
}

function report(title: string, results: Measured[]) {
  const before = results[0]!;
  const times = (value: number, base: number) => `(${(value / base).toFixed(2)}×)`;
  console.log(`\n${title}\n`);
  console.log(
    "format                                     JSON MB  gzip MB   make ms (× before)   heap MB (× before)   read all ms",
  );
  for (const r of results)
    console.log(
      `${r.name.padEnd(40)} ${(r.bytes / 1e6).toFixed(1).padStart(8)} ${(r.gzipped / 1e6).toFixed(2).padStart(8)} ${r.parseMs.toFixed(0).padStart(9)}  ${times(r.parseMs, before.parseMs).padEnd(8)} ${r.heapMb.toFixed(1).padStart(9)}  ${times(r.heapMb, before.heapMb).padEnd(8)} ${r.readMs.toFixed(0).padStart(10)}`,
    );
}

try {
  console.log(
    `\nbench:wire: median of ${runs}, Chromium ${version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  const real = realRows();
  if (real)
    report(
      `The real month ${real.file}: ${real.rows.length.toLocaleString("en-GB")} rows`,
      await measure(real.rows),
    );
  else
    console.log(
      `\nNo real Part IX month: ${realDataDir} is not there (set REAL_DATA_DIR); the synthetic month only.`,
    );
  report(`A synthetic month: ${rowCount.toLocaleString("en-GB")} rows`, await measure(syntheticRows()));
} finally {
  await browser.close();
  server.close();
}
console.log(
  "\nTarget: a real Part IX month made into the table's rows in half the time and heap of the baseline (≤ 0.50× both).",
);
