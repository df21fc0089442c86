import type { FreshnessLine } from "@/features/tariff/components/data-page-header";
import type { Edition } from "@/lib/tariff-vocabulary";

import { singleValues } from "../insight-pages";
import { insightRowsPath } from "../insight-rows";
import { getInsightMonth } from "../queries";
import type { InsightKind } from "../sources";
import { InsightView } from "./insight-view";

/** What an insights page receives from the router. */
export type InsightPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * An insights page's content: the chosen month's changes in the reader's edition. The page has
 * authorised its subscriber before rendering this (ADR 001).
 */
export async function InsightPage({
  kind,
  edition,
  searchParams,
  freshness,
}: InsightPageProps & { kind: InsightKind; edition: Edition; freshness: FreshnessLine }) {
  const params = singleValues(await searchParams);
  const data = await getInsightMonth(edition, kind, params);
  return (
    <InsightView
      kind={kind}
      edition={edition}
      data={data}
      params={params}
      rowsUrl={insightRowsPath(kind, edition, data, params)}
      freshness={freshness}
    />
  );
}
