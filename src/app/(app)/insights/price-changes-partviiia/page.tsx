import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { InsightPage, type InsightPageProps } from "@/features/insights/components/insight-page";
import { insightPages } from "@/features/insights/insight-pages";
import { getCurrentUser, requireSubscriber } from "@/lib/session";

export async function generateMetadata(): Promise<Metadata> {
  const user = await getCurrentUser();
  return { title: insightPages["price-changes-viiia"].title(user?.country ?? 1), robots: { index: false } };
}

export default async function PartViiiaPriceChangesPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/price-changes-partviiia");
  return (
    <InsightPage
      kind="price-changes-viiia"
      edition={user.country}
      searchParams={searchParams}
      freshness={dataFreshness}
    />
  );
}
