import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";

import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Connection = { pool: pg.Pool; db: Database; url: string };

let connection: Connection | undefined;

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
    // connecting, so this is a statement. A failure leaves the default: searches find less, no more.
    onConnect: async (client) => {
      await client
        .query(`set pg_trgm.word_similarity_threshold = ${wordSimilarityThreshold}`)
        .catch(() => {});
    },
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
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
  connection ??= (() => {
    const url = databaseUrl();
    // Checked at start-up with the other settings (lib/env.ts); docs/deploy.md says how to size it.
    const pool = createPool(url, { max: Number(process.env.DATABASE_POOL_SIZE) || undefined });
    return { pool, db: createDatabase(pool), url };
  })();
  return connection.db;
}

export function getPool(): pg.Pool {
  getDb();
  return connection!.pool;
}

export async function closeDb(): Promise<void> {
  const current = connection;
  connection = undefined;
  await current?.pool.end();
}
