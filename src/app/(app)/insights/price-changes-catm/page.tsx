import type { Metadata } from "next";

import { EnglandAndWalesOnly, InsightView } from "@/features/insights/components/insight-view";
import { singleValues } from "@/features/insights/insight-pages";
import { getInsightMonth } from "@/features/insights/queries";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Category M Price Changes", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CategoryMPriceChangesPage({ searchParams }: Props) {
  const user = await requireSubscriber("/insights/price-changes-catm");
  if (user.country === 2) return <EnglandAndWalesOnly kind="price-changes-catm" />;
  const params = singleValues(await searchParams);
  const data = await getInsightMonth(user.country, "price-changes-catm", params);
  return <InsightView kind="price-changes-catm" edition={user.country} data={data} params={params} />;
}
