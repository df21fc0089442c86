import type { Metadata } from "next";

import { InsightView } from "@/features/insights/components/insight-view";
import { singleValues } from "@/features/insights/insight-pages";
import { getInsightMonth } from "@/features/insights/queries";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Category Changes", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CategoryChangesPage({ searchParams }: Props) {
  const user = await requireSubscriber("/insights/category-changes");
  const params = singleValues(await searchParams);
  const data = await getInsightMonth(user.country, "category-changes", params);
  return <InsightView kind="category-changes" edition={user.country} data={data} params={params} />;
}
