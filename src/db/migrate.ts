import path from "node:path";

import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";

import type { Database } from "./client";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * Applies the committed SQL migrations in `drizzle/`; safe to run on every start, and by several
 * instances starting at once on one database (docs/deploy.md): they take turns under an advisory
 * lock, so the first applies what is new and the others find nothing left to do. Without the lock
 * two would create the same tables together and all but one would fail to start. The migrations
 * run on the connection that holds the lock, so a pool of one connection is enough.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const holder = await db.$client.connect();
  const key = "hashtextextended('tariffscope:migrate', 0)";
  try {
    await holder.query(`select pg_advisory_lock(${key})`);
    try {
      await migrate(drizzle(holder), { migrationsFolder });
    } finally {
      await holder.query(`select pg_advisory_unlock(${key})`);
    }
  } finally {
    holder.release();
  }
}
