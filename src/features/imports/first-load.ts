import { sql } from "drizzle-orm";

import type { Database } from "@/db/client";

import type { ImportOutcome } from "./service";

/** What loading a new database's first data (the demo's files or the generated sample) did. */
export type FirstLoad = { files: number; rows: number; rejected: ImportOutcome[]; seconds: number };

/** Whether any tariff data is loaded at all: a new database gets first data, one with data is left alone. */
export async function hasTariffData(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select 1 from tariff_datasets limit 1`);
  return result.rows.length > 0;
}
