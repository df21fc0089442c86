import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { InsightPage, type InsightPageProps } from "@/features/insights/components/insight-page";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Category Changes", robots: { index: false } };

export default async function CategoryChangesPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/category-changes");
  return (
    <InsightPage
      kind="category-changes"
      edition={user.country}
      searchParams={searchParams}
      freshness={dataFreshness}
    />
  );
}
