import type { Metadata } from "next";

import { InsightView } from "@/features/insights/components/insight-view";
import { insightPages, singleValues } from "@/features/insights/insight-pages";
import { getInsightMonth } from "@/features/insights/queries";
import { getCurrentUser, requireSubscriber } from "@/lib/session";

export async function generateMetadata(): Promise<Metadata> {
  const user = await getCurrentUser();
  return { title: insightPages["price-changes-viiia"].title(user?.country ?? 1), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PartViiiaPriceChangesPage({ searchParams }: Props) {
  const user = await requireSubscriber("/insights/price-changes-partviiia");
  const params = singleValues(await searchParams);
  const data = await getInsightMonth(user.country, "price-changes-viiia", params);
  return <InsightView kind="price-changes-viiia" edition={user.country} data={data} params={params} />;
}
