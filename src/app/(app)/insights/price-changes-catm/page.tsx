import { requireSubscriber } from "@/lib/session";

import { Insight, insightMetadata, type InsightPageProps } from "../insight-route";

export const metadata = insightMetadata("price-changes-catm");

export default async function CategoryMPriceChangesPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/price-changes-catm");
  return <Insight kind="price-changes-catm" user={user} searchParams={searchParams} ewOnly />;
}
