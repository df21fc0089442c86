import "server-only";

import { and, desc, eq } from "drizzle-orm";

import type { DataRow } from "@/components/data-table/format";
import { getDb } from "@/db/client";
import { tariffDatasets } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import { listReaderOf } from "./lists/readers";
import type { ListQuery, ListSource, TermMatch } from "./list-reading";
import type { ListId } from "./lists";

/** The imported part (and edition) whose months a list follows: what its 'Data as of' line reports. */
export function listSource(id: ListId, edition: Edition): ListSource {
  return listReaderOf(id, edition).source;
}

/**
 * The periods loaded for a list (first days of months, `YYYY-MM-DD`), newest first: those of its
 * source, so lists only England & Wales publishes (and the UK-wide dm+d and concessions) follow
 * England & Wales' releases for everyone.
 */
export async function listPeriods(id: ListId, edition: Edition): Promise<string[]> {
  const source = listSource(id, edition);
  const rows = await getDb()
    .select({ period: tariffDatasets.period })
    .from(tariffDatasets)
    .where(and(eq(tariffDatasets.edition, source.edition), eq(tariffDatasets.part, source.part)))
    .orderBy(desc(tariffDatasets.period));
  return rows.map((row) => row.period);
}

/** The rows of a list for one loaded period of its source, narrowed by the query, as its table shows them. */
export async function listRows(
  id: ListId,
  edition: Edition,
  period: string,
  query: ListQuery = {},
): Promise<DataRow[]> {
  const rows: DataRow[] = [];
  for await (const row of await eachListRow(id, edition, period, query)) rows.push(row);
  return rows;
}

/** `listRows`, made one by one as they are read a batch at a time: for serialising a big list without holding it. */
export function eachListRow(
  id: ListId,
  edition: Edition,
  period: string,
  query: ListQuery = {},
): Promise<AsyncIterable<DataRow>> {
  return listReaderOf(id, edition).rows(period, query);
}

/** The values each of a list's drop-downs offers for a period, sorted. */
export function listFilterOptions(
  id: ListId,
  edition: Edition,
  period: string,
): Promise<Record<string, string[]>> {
  return listReaderOf(id, edition).filterOptions(period);
}

/**
 * How the query's search term matches the list's rows for a period (exactly, only nearly, or not
 * at all): what the page says above the rows `listRows` gives for the same query. Null without a term.
 */
export function listTermMatch(
  id: ListId,
  edition: Edition,
  period: string,
  query: ListQuery,
): Promise<TermMatch | null> {
  return listReaderOf(id, edition).termMatch(period, query);
}
