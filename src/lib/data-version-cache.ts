import "server-only";

import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import v8 from "node:v8";
import { createGzip } from "node:zlib";

import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { cache } from "react";

import { getDb } from "@/db/client";
import { tariffDatasets } from "@/db/schema";
import { ColumnarRowsWriter, type RowValue } from "@/lib/rows-wire";

/**
 * The tariff data's version: it changes whenever an import stores, replaces or removes a dataset
 * (every change gets a new, higher import id), and only then. Lists derived from the data can be
 * kept until it changes (ADR 012). Read once per page render, however many of its parts ask
 * (a route handler reads it on each call).
 */
export const dataVersion = cache(async (): Promise<string> => {
  const [row] = await getDb()
    .select({
      datasets: sql<number>`count(*)::int`,
      lastImport: sql<string>`coalesce(max(${tariffDatasets.importId}), 0)::text`,
    })
    .from(tariffDatasets);
  return `${row!.datasets}:${row!.lastImport}`;
});

/**
 * The version of the data up to and including `through` (a period, `YYYY-MM-01`): the datasets of
 * that month and the months before it, in the form `dataVersion` gives. A month's lists read their
 * own month and earlier ones (the rates, Zero Discount list and concessions in force), never a later
 * month, so this is what their rows are kept by (ADR 230): importing July leaves June's rows as
 * they were. Past the newest month loaded it is `version` itself. Read once per data version.
 */
export async function dataVersionThrough(version: string, through: string): Promise<string> {
  const months = await byDataVersion(version, "datasets-by-month", async () =>
    (
      await getDb()
        .select({
          period: tariffDatasets.period,
          datasets: sql<number>`count(*)::int`,
          lastImport: sql<number>`max(${tariffDatasets.importId})`.mapWith(Number),
        })
        .from(tariffDatasets)
        .groupBy(tariffDatasets.period)
    ).map((month) => [month.period, month.datasets, month.lastImport] as const),
  );
  let datasets = 0;
  let lastImport = 0;
  for (const [period, count, last] of months)
    if (period <= through) {
      datasets += count;
      if (last > lastImport) lastImport = last;
    }
  return `${datasets}:${lastImport}`;
}

/**
 * What the process keeps, in bytes actually held: every value is kept serialised (a rows answer as
 * its gzipped bytes, anything else as `v8.serialize` gives it), so what an entry costs is its
 * length, counted, not guessed from its shape, and it sits outside the JavaScript heap that
 * `WEB_HEAP_MB` caps. Each caller gets its own copy of a value.
 */
type Kept = { cache: LRUCache<string, Uint8Array>; computing: Map<string, Promise<Uint8Array>> };

/** Bytes all kept values may take in a process, keys included: a real Part IX month's rows are 0.8 MB gzipped. */
export const dataVersionCacheBytes = 32 * 1024 * 1024;

/**
 * One cache a process, on `globalThis`: Next.js evaluates this module once per server bundle
 * (pages, route handlers), and a cache of the module's own would be one per bundle, each with the
 * whole budget.
 */
const keptKey = Symbol.for("tariffscope.dataVersionCache");
const kept = ((globalThis as { [keptKey]?: Kept })[keptKey] ??= {
  cache: new LRUCache<string, Uint8Array>({
    maxSize: dataVersionCacheBytes,
    // A value larger than an eighth of the budget is answered but not kept.
    maxEntrySize: dataVersionCacheBytes / 8,
    sizeCalculation: (bytes, key) => bytes.byteLength + key.length * 2,
  }),
  computing: new Map(),
});

/**
 * The bytes `compute` gives for `key` at this data version, computed once per process and version:
 * concurrent requests for the same key share one computation, and a failure is not kept.
 */
async function bytesByDataVersion(
  version: string,
  key: string,
  compute: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const full = `${version}|${key}`;
  const hit = kept.cache.get(full);
  if (hit) return hit as Uint8Array<ArrayBuffer>;
  const pending = kept.computing.get(full);
  if (pending) return pending as Promise<Uint8Array<ArrayBuffer>>;
  const work = compute().then(
    (bytes) => {
      kept.cache.set(full, bytes);
      kept.computing.delete(full);
      return bytes;
    },
    (error: unknown) => {
      kept.computing.delete(full);
      throw error;
    },
  );
  kept.computing.set(full, work);
  return work;
}

/**
 * The value `compute` gives for `key` at this data version, computed once per process and version
 * (see `bytesByDataVersion`), kept serialised: each caller gets a copy of its own. Only for plain
 * data (what `structuredClone` copies) that depends on the tariff data alone, never on who asks.
 */
export async function byDataVersion<T>(version: string, key: string, compute: () => Promise<T>): Promise<T> {
  const bytes = await bytesByDataVersion(version, key, async () => v8.serialize(await compute()));
  return v8.deserialize(bytes) as T;
}

/** What the process's kept values take, in bytes, keys included (never more than `dataVersionCacheBytes`). */
export function dataVersionCacheSize(): number {
  return kept.cache.calculatedSize;
}

type WireRow = Readonly<Record<string, RowValue | undefined>>;

/** Rows taken into the wire form in one turn of the event loop before other requests get one. */
const rowsPerTurn = 1_000;

/**
 * `rows` in their wire form (ADR 153) as gzipped JSON. The rows are taken a thousand at a time,
 * each batch in its own turn of the event loop, and the text is made and compressed a piece at a
 * time as the compressor takes it, so it is never whole (ADR 146): a real Part IX month is 66,000
 * rows. A lazy sequence of rows is read once.
 */
export async function gzipColumnarRows(
  rows: Iterable<WireRow> | AsyncIterable<WireRow>,
): Promise<Uint8Array<ArrayBuffer>> {
  const writer = new ColumnarRowsWriter();
  let taken = 0;
  for await (const row of rows) {
    writer.add(row);
    if (++taken % rowsPerTurn === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const chunks: Buffer[] = [];
  // The best compression: it is paid once per data version and saved on every answer.
  await pipeline(Readable.from(writer.json()), createGzip({ level: 9 }), async (compressed) => {
    for await (const chunk of compressed as AsyncIterable<Buffer>) chunks.push(chunk);
  });
  // Copied into a buffer of its own: a small one from Buffer.concat would share Node's 8 kB slab,
  // which the cache would then hold without counting it.
  const answer = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.byteLength;
  }
  return answer;
}

/**
 * Where a process that has not built an answer yet gets it: one built once for all processes
 * (ADR 223), under the version and key the caller shares it by, which may differ from those it is
 * kept by here (ADR 230).
 */
export type SharedBuild = (build: () => Promise<Uint8Array<ArrayBuffer>>) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * Rows as gzipped JSON, read, serialised and compressed once per data version and key (ADR 013):
 * what a rows route answers. Only the compressed form is kept: a real Part IX month is 40 MB of
 * JSON but 1.5 MB gzipped. `rows` may be a lazy sequence (ADR 146). With `shared`, a process gets
 * what it has not kept from there, built once for every process, rather than build it itself.
 */
export function gzippedRowsByDataVersion(
  version: string,
  key: string,
  rows: () => Promise<Iterable<WireRow> | AsyncIterable<WireRow>>,
  shared?: SharedBuild,
): Promise<Uint8Array<ArrayBuffer>> {
  const build = async () => gzipColumnarRows(await rows());
  return bytesByDataVersion(version, key, shared ? () => shared(build) : build);
}

/** The entity tag of what `key` gives at this data version: the same until an import changes the data. */
export function dataVersionEtag(version: string, key: string): string {
  return `"${createHash("sha256").update(`${version}|${key}`).digest("base64url").slice(0, 27)}"`;
}

/** Forgets everything kept (tests). */
export function clearDataVersionCache(): void {
  kept.cache.clear();
  kept.computing.clear();
}
