import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { InsightPage, type InsightPageProps } from "@/features/insights/components/insight-page";
import { EnglandAndWalesOnly } from "@/features/insights/components/insight-view";
import { insightPages } from "@/features/insights/insight-pages";
import type { InsightKind } from "@/features/insights/sources";
import type { CurrentUser } from "@/lib/session";
import type { Edition } from "@/lib/tariff-vocabulary";

export type { InsightPageProps };

/** An insights page's metadata: its title, and kept out of search engines. */
export function insightMetadata(kind: InsightKind, edition: Edition = 1): Metadata {
  return { title: insightPages[kind].title(edition), robots: { index: false } };
}

/**
 * One insight's page for the subscriber its page file authorised (ADR 001): the month's changes in
 * their edition, with the data's freshness. An insight only England & Wales has (`ewOnly`) tells a
 * Northern Ireland reader so instead. Each insights `page.tsx` exports one.
 */
export function Insight({
  kind,
  user,
  searchParams,
  ewOnly = false,
}: InsightPageProps & { kind: InsightKind; user: CurrentUser; ewOnly?: boolean }) {
  if (ewOnly && user.edition === 2) return <EnglandAndWalesOnly kind={kind} freshness={dataFreshness} />;
  return (
    <InsightPage kind={kind} edition={user.edition} searchParams={searchParams} freshness={dataFreshness} />
  );
}
