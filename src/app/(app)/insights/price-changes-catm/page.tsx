import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { InsightPage, type InsightPageProps } from "@/features/insights/components/insight-page";
import { EnglandAndWalesOnly } from "@/features/insights/components/insight-view";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Category M Price Changes", robots: { index: false } };

export default async function CategoryMPriceChangesPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/price-changes-catm");
  if (user.country === 2) return <EnglandAndWalesOnly kind="price-changes-catm" freshness={dataFreshness} />;
  return (
    <InsightPage
      kind="price-changes-catm"
      edition={user.country}
      searchParams={searchParams}
      freshness={dataFreshness}
    />
  );
}
