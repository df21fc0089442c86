import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { InsightPage, type InsightPageProps } from "@/features/insights/components/insight-page";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Additions & Deletions", robots: { index: false } };

export default async function AdditionsDeletionsPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/additions-deletions");
  return (
    <InsightPage
      kind="additions-deletions"
      edition={user.country}
      searchParams={searchParams}
      freshness={dataFreshness}
    />
  );
}
