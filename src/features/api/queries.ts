import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";

export type LoadedMonth = {
  edition: number;
  part: string;
  period: string;
  rows: number;
  importedAt: string;
  firstImportedAt: string;
};

/**
 * Every (edition, part, month) loaded, with when its data was last replaced and when the month was
 * first loaded (the earliest import that stored it; the month's own time when the history is gone).
 */
export async function getLoadedMonths(): Promise<LoadedMonth[]> {
  const result = await getDb().execute<{
    edition: number;
    part: string;
    period: string;
    rows: number;
    imported_at: Date | string;
    first_imported_at: Date | string | null;
  }>(sql`
    select d.edition, d.part, d.period::text as period, d.rows, d.imported_at,
      (select min(i.finished_at) from imports i
        where i.outcome = 'imported' and i.edition = d.edition and i.part = d.part and i.period = d.period
      ) as first_imported_at
    from tariff_datasets d
    order by d.period desc, d.part, d.edition`);
  return result.rows.map((row) => {
    const importedAt = new Date(row.imported_at).toISOString();
    return {
      edition: row.edition,
      part: row.part,
      period: row.period,
      rows: row.rows,
      importedAt,
      firstImportedAt: row.first_imported_at ? new Date(row.first_imported_at).toISOString() : importedAt,
    };
  });
}
