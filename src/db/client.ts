import type { AsyncLocalStorage } from "node:async_hooks";

import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";

import { isDatabaseUnavailable } from "./unavailable";

import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Connection = { pool: pg.Pool; db: Database; url: string };

/**
 * Where the process's one connection is kept: on `globalThis`, not in this module. Next.js evaluates
 * a module once per server bundle (pages, route handlers, the proxy and start-up), so a module-level
 * pool would be one per bundle, and a web process could hold three times DATABASE_POOL_SIZE
 * connections (docs/deploy.md sizes the server for one pool a process).
 */
const connectionKey = Symbol.for("tariffscope.databaseConnection");
const held = globalThis as { [connectionKey]?: Connection };

/**
 * How alike a search term must be to some run of a name's words for the search to count it a near
 * spelling (pg_trgm's `<%`). PostgreSQL's default, 0.6, misses one wrong letter in the middle of
 * any word under 11 letters (`amlodipene`, `atenelol`); at 0.45 nearly every one-letter slip in a
 * medicine's name is found and other names still stay out (ADR 065).
 */
export const wordSimilarityThreshold = 0.45;

/** A pool with the settings the product uses everywhere, for PGlite's socket server and PostgreSQL alike. */
export function createPool(url: string, options: { max?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Every connection, before it is first used. PGlite's socket server ignores settings sent when
    // connecting, so these are statements. A failure leaves the default: searches find less, no more.
    // No JIT: it compiled each large-looking search for longer than the search then ran (ADR 097).
    onConnect: async (client) => {
      await client
        .query(`set pg_trgm.word_similarity_threshold = ${wordSimilarityThreshold}`)
        .catch(() => {});
      await client.query("set jit = off").catch(() => {});
    },
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return notingOutages(pool);
}

/** The request being served, when served by scripts/serve.mjs (its lib/database-outage.mjs). */
const outageStoreKey = Symbol.for("tariffscope.requestOutage");

/** Tells the server serving this request, if any, that the database could not be reached. */
function noteIfUnavailable(error: unknown): void {
  if (!isDatabaseUnavailable(error)) return;
  const requests = (globalThis as Record<symbol, unknown>)[outageStoreKey] as
    AsyncLocalStorage<{ databaseUnavailable: boolean }> | undefined;
  const request = requests?.getStore();
  if (request) request.databaseUnavailable = true;
}

/**
 * The pool, with every query and connection that fails for want of a database noted against the
 * request being served: a page that then fails answers 503, not 500 (ADR 143). What the caller gets
 * is unchanged.
 */
function notingOutages(pool: pg.Pool): pg.Pool {
  for (const method of ["query", "connect"] as const) {
    const original = (pool[method] as (...args: unknown[]) => unknown).bind(pool);
    Object.assign(pool, {
      [method]: (...args: unknown[]) => {
        const result = original(...args);
        if (result instanceof Promise) result.catch(noteIfUnavailable);
        return result;
      },
    });
  }
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema, casing: "snake_case" });
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the product with `npm start`, which provides the embedded database, " +
        "or set DATABASE_URL to a PostgreSQL server.",
    );
  }
  return url;
}

/**
 * The application's database, created on first use and never at import:
 * `next build` imports route modules and must not open a connection.
 */
export function getDb(): Database {
  return connection().db;
}

function connection(): Connection {
  return (held[connectionKey] ??= (() => {
    const url = databaseUrl();
    // Checked at start-up with the other settings (lib/env.ts); docs/deploy.md says how to size it.
    const pool = createPool(url, { max: Number(process.env.DATABASE_POOL_SIZE) || undefined });
    return { pool, db: createDatabase(pool), url };
  })());
}

export function getPool(): pg.Pool {
  return connection().pool;
}

export async function closeDb(): Promise<void> {
  const current = held[connectionKey];
  delete held[connectionKey];
  await current?.pool.end();
}
