import "server-only";

import { dataVersionEtag, gzippedRowsByDataVersion } from "@/lib/data-version-cache";
import { editionCodes, type Edition } from "@/lib/tariff-vocabulary";

import { insightPages, toDataRow } from "./insight-pages";
import { getInsightMonth, type InsightMonth } from "./queries";
import { insightSources, type InsightKind } from "./sources";

export function isInsightKind(value: string): value is InsightKind {
  return Object.hasOwn(insightSources, value);
}

/** What the table shows, as a URL's query: the month resolved, the page's filters and the search. */
function tableQuery(kind: InsightKind, edition: Edition, data: InsightMonth, params: Record<string, string>) {
  const query: Record<string, string> = { month: data.selection.selected };
  for (const filter of insightPages[kind].filters(params, edition))
    if (filter.value) query[filter.name] = filter.value;
  const term = params.searchTerm?.trim().slice(0, 100);
  if (term) query.searchTerm = term;
  return query;
}

/**
 * Where an insights page's table fetches its rows, as a list page's does (ADR 013): the edition (a
 * change of country is a new URL), the month resolved and the filters applied. The route takes the
 * edition from the session and refuses a URL naming another.
 */
export function insightRowsPath(
  kind: InsightKind,
  edition: Edition,
  data: InsightMonth,
  params: Record<string, string>,
): string {
  const query = { edition: editionCodes[edition], ...tableQuery(kind, edition, data, params) };
  return `/api/insights/${kind}/rows?${new URLSearchParams(query)}`;
}

/**
 * The rows an insights page's table shows for `params`, read as the page reads them: an entity tag,
 * and the gzipped JSON kept per data version, so a month of a thousand changes costs its page
 * nothing and its rows route one compression per import.
 */
export async function insightRows(kind: InsightKind, edition: Edition, params: Record<string, string>) {
  const data = await getInsightMonth(edition, kind, params);
  const key = `insight-rows|${kind}|${edition}|${data.part}|${JSON.stringify(tableQuery(kind, edition, data, params))}`;
  return {
    etag: dataVersionEtag(data.version, key),
    gzip: () =>
      gzippedRowsByDataVersion(data.version, key, async () =>
        data.shown.map((row) => toDataRow(row, data.part)),
      ),
  };
}
