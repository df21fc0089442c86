import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { byDataVersion, dataVersion } from "@/lib/data-version-cache";

import { demoNiActor } from "./demo/files";

/**
 * The Northern Ireland months the demo generated rather than imported from a published file
 * (ADR 210), by part: `{ viiia: ["2026-07", …] }`. A month imported afterwards from a real file is
 * no longer among them. Kept until an import changes the data.
 */
export async function getIllustrativeMonths(): Promise<Record<string, string[]>> {
  return byDataVersion(await dataVersion(), "illustrative-ni", async () => {
    const result = await getDb().execute(sql`
      select d.part, to_char(d.period, 'YYYY-MM') as month from tariff_datasets d
      join imports i on i.id = d.import_id
      where d.edition = 2 and i.actor = ${demoNiActor} order by d.part, d.period`);
    const months: Record<string, string[]> = {};
    for (const row of result.rows as { part: string; month: string }[])
      (months[row.part] ??= []).push(row.month);
    return months;
  });
}
