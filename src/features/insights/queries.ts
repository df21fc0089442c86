import "server-only";

import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { byDataVersion, dataVersion } from "@/lib/data-version-cache";
import { tariffChanges, tariffDatasets } from "@/db/schema";
import { dataEditionOf, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import { selectInsightMonth, type MonthSelection } from "./analysis";
import { insightPages, insightPart } from "./insight-pages";
import {
  insightSources,
  type ChangeKind,
  type ChangeRow,
  type InsightKind,
  type PeriodCounts,
} from "./sources";

/**
 * Reads for the insights pages, from `tariff_changes` (computed at import). Each takes the edition
 * explicitly: the page passes the signed-in user's edition.
 */
export type { ChangeKind, ChangeRow, InsightKind, PeriodCounts } from "./sources";

const toMonth = (date: string) => date.slice(0, 7);

/** The months (`YYYY-MM`) loaded of a part for a reader of `edition`, oldest first. */
async function loadedMonths(edition: Edition, part: PartId): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ period: tariffDatasets.period })
    .from(tariffDatasets)
    .where(and(eq(tariffDatasets.part, part), eq(tariffDatasets.edition, dataEditionOf(part, edition))))
    .orderBy(asc(tariffDatasets.period));
  return rows.map((row) => toMonth(row.period));
}

/** Every period with changes of this kind, oldest first, with its counts (of `part`, if given). */
export async function getPeriodCounts(
  edition: Edition,
  kind: InsightKind,
  part: PartId = insightSources[kind].part,
): Promise<PeriodCounts[]> {
  const source = insightSources[kind];
  const count = (condition: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${condition}))::int`;
  const rows = await getDb()
    .select({
      period: tariffChanges.period,
      additions: count(sql`${tariffChanges.change} = 'addition'`),
      deletions: count(sql`${tariffChanges.change} = 'deletion'`),
      increases: count(
        sql`${tariffChanges.change} = 'price_change' and ${tariffChanges.priceChangePence} > 0`,
      ),
      decreases: count(
        sql`${tariffChanges.change} = 'price_change' and ${tariffChanges.priceChangePence} < 0`,
      ),
      categoryChanges: count(sql`${tariffChanges.change} = 'category_change'`),
      total: sql<number>`count(*)::int`,
    })
    .from(tariffChanges)
    .where(
      and(
        eq(tariffChanges.edition, edition),
        eq(tariffChanges.part, part),
        inArray(tariffChanges.change, source.changes),
      ),
    )
    .groupBy(tariffChanges.period)
    .orderBy(asc(tariffChanges.period));
  return rows.map((row) => ({ ...row, period: toMonth(row.period) }));
}

/** The changes of one period (`YYYY-MM`), in name order. */
export async function getChangeRows(
  edition: Edition,
  kind: InsightKind,
  period: string,
  part: PartId = insightSources[kind].part,
): Promise<ChangeRow[]> {
  const source = insightSources[kind];
  const rows = await getDb()
    .select({
      id: tariffChanges.id,
      change: tariffChanges.change,
      code: tariffChanges.code,
      pairedCode: tariffChanges.pairedCode,
      name: tariffChanges.name,
      packSize: tariffChanges.packSize,
      unitOfMeasure: tariffChanges.unitOfMeasure,
      oldPricePence: tariffChanges.oldPricePence,
      newPricePence: tariffChanges.newPricePence,
      priceChangePence: tariffChanges.priceChangePence,
      priceChangePercent: tariffChanges.priceChangePercent,
      oldCategory: tariffChanges.oldCategory,
      newCategory: tariffChanges.newCategory,
    })
    .from(tariffChanges)
    .where(
      and(
        eq(tariffChanges.edition, edition),
        eq(tariffChanges.part, part),
        eq(tariffChanges.period, `${period}-01`),
        inArray(tariffChanges.change, source.changes),
      ),
    )
    .orderBy(asc(tariffChanges.name), asc(tariffChanges.id));
  return rows.map((row) => ({
    ...row,
    change: row.change as ChangeKind,
    packSize: row.packSize === null ? null : Number(row.packSize),
    priceChangePercent: row.priceChangePercent === null ? null : Number(row.priceChangePercent),
  }));
}

export type InsightMonth = {
  /** The data version read (ADR 012). */
  version: string;
  /** The part read: an insights page's own, or the one chosen on Additions & Deletions. */
  part: PartId;
  counts: PeriodCounts[];
  selection: MonthSelection;
  /** Every change of the selected period, for the charts. */
  rows: ChangeRow[];
  /** The rows the page's filters and search keep, for the table. */
  shown: ChangeRow[];
};

/** One insights page's data: counts over all periods, and the chosen period's rows. */
export async function getInsightMonth(
  edition: Edition,
  kind: InsightKind,
  params: Record<string, string>,
  now = new Date(),
): Promise<InsightMonth> {
  const part = insightPart(kind, edition, params);
  // Kept per data version (ADR 012), as the lists are: a page view then costs what it shows, not
  // the month's changes read again.
  const version = await dataVersion();
  const key = `insights|${kind}|${edition}|${part}`;
  const [counts, loaded] = await Promise.all([
    byDataVersion(version, `${key}|counts`, () => getPeriodCounts(edition, kind, part)),
    byDataVersion(version, `${key}|loaded`, () => loadedMonths(edition, part)),
  ]);
  // Every month loaded is offered, with its changes or none (product §3.1).
  const selection = selectInsightMonth(
    now,
    [...new Set([...loaded, ...counts.map((row) => row.period)])],
    params.month,
  );
  const rows = selection.selectedHasData
    ? await byDataVersion(version, `${key}|${selection.selected}`, () =>
        getChangeRows(edition, kind, selection.selected, part),
      )
    : [];
  const term = params.searchTerm?.trim().toLowerCase() ?? "";
  const shown = rows.filter(
    (row) => insightPages[kind].keep(row, params) && (!term || row.name.toLowerCase().includes(term)),
  );
  return { version, part, counts, selection, rows, shown };
}
