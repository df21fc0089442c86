import "server-only";

import { and, asc, eq, max } from "drizzle-orm";

import { getDb } from "@/db/client";
import { tariffDatasets } from "@/db/schema";
import { byDataVersion, dataVersion } from "@/lib/data-version-cache";
import { dataEditionOf, type Edition, type PartId } from "@/lib/tariff-vocabulary";

/**
 * How current a page's data is: every month loaded (`YYYY-MM-01`, oldest first), the latest, and
 * when anything of it was last imported.
 */
export type DataFreshness = { periods: string[]; latestPeriod: string; updatedAt: Date } | null;

/**
 * From the import records (`tariff_datasets`): one read of the loaded months of a part, kept until
 * an import changes them (the data version, read once per page, is the only query a page makes for it).
 */
export async function getDataFreshness(part: PartId, edition: Edition): Promise<DataFreshness> {
  const stored = dataEditionOf(part, edition);
  return byDataVersion(await dataVersion(), `freshness|${part}|${stored}`, () => readFreshness(part, stored));
}

async function readFreshness(part: PartId, edition: Edition): Promise<DataFreshness> {
  const rows = await getDb()
    .select({ period: tariffDatasets.period, updatedAt: max(tariffDatasets.importedAt) })
    .from(tariffDatasets)
    .where(and(eq(tariffDatasets.part, part), eq(tariffDatasets.edition, edition)))
    .groupBy(tariffDatasets.period)
    .orderBy(asc(tariffDatasets.period));
  const latest = rows.at(-1);
  if (!latest?.updatedAt) return null;
  const updatedAt = new Date(Math.max(...rows.map((row) => row.updatedAt?.getTime() ?? 0)));
  return { periods: rows.map((row) => row.period), latestPeriod: latest.period, updatedAt };
}
