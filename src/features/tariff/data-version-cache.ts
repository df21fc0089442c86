import "server-only";

import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
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

/** Up to 64 MB of derived lists per server process: a Part IX month is a few MB, most are far smaller. */
const kept = new LRUCache<string, { value: unknown }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: ({ value }) =>
    // Strings are UTF-16; a list of small records is counted at about 200 bytes each.
    typeof value === "string"
      ? value.length * 2
      : value instanceof Uint8Array
        ? value.byteLength
        : Array.isArray(value)
          ? 4096 + value.length * 200
          : 4096,
});
const computing = new Map<string, Promise<unknown>>();

/**
 * The value `compute` gives for `key` at this data version, computed once per process and version:
 * concurrent requests for the same key share one computation, and a failure is not kept.
 * Only for values that depend on the tariff data alone, never on who asks.
 */
export async function byDataVersion<T>(version: string, key: string, compute: () => Promise<T>): Promise<T> {
  const full = `${version}|${key}`;
  const hit = kept.get(full);
  if (hit) return hit.value as T;
  const pending = computing.get(full);
  if (pending) return pending as Promise<T>;
  const work = compute().then(
    (value) => {
      kept.set(full, { value });
      computing.delete(full);
      return value;
    },
    (error: unknown) => {
      computing.delete(full);
      throw error;
    },
  );
  computing.set(full, work);
  return work;
}

/** Rows taken into the wire form in one turn of the event loop before other requests get one. */
const rowsPerTurn = 1_000;

/**
 * `rows` in their wire form (ADR 153) as gzipped JSON. The rows are taken a thousand at a time,
 * each batch in its own turn of the event loop, and the text is made and compressed a piece at a
 * time as the compressor takes it, so it is never whole (ADR 146): a real Part IX month is 66,000
 * rows. A lazy sequence of rows is read once.
 */
export async function gzipColumnarRows(
  rows: Iterable<Readonly<Record<string, RowValue | undefined>>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const writer = new ColumnarRowsWriter();
  let taken = 0;
  for (const row of rows) {
    writer.add(row);
    if (++taken % rowsPerTurn === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const chunks: Buffer[] = [];
  // The best compression: it is paid once per data version and saved on every answer.
  await pipeline(Readable.from(writer.json()), createGzip({ level: 9 }), async (compressed) => {
    for await (const chunk of compressed as AsyncIterable<Buffer>) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

/**
 * Rows as gzipped JSON, read, serialised and compressed once per data version and key (ADR 013):
 * what a rows route answers. Only the compressed form is kept: a real Part IX month is 40 MB of
 * JSON but 1.5 MB gzipped. `rows` may be a lazy sequence (ADR 146).
 */
export function gzippedRowsByDataVersion(
  version: string,
  key: string,
  rows: () => Promise<Iterable<Readonly<Record<string, RowValue | undefined>>>>,
): Promise<Uint8Array<ArrayBuffer>> {
  return byDataVersion(version, key, async () => gzipColumnarRows(await rows()));
}

/** The entity tag of what `key` gives at this data version: the same until an import changes the data. */
export function dataVersionEtag(version: string, key: string): string {
  return `"${createHash("sha256").update(`${version}|${key}`).digest("base64url").slice(0, 27)}"`;
}

/** Forgets everything kept (tests). */
export function clearDataVersionCache(): void {
  kept.clear();
  computing.clear();
}
