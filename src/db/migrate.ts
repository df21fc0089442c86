import path from "node:path";

import { migrate } from "drizzle-orm/node-postgres/migrator";

import type { Database } from "./client";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Applies the committed SQL migrations in `drizzle/`; safe to run on every start. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
