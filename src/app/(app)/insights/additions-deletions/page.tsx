import type { Metadata } from "next";

import { InsightView } from "@/features/insights/components/insight-view";
import { singleValues } from "@/features/insights/insight-pages";
import { getInsightMonth } from "@/features/insights/queries";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Additions & Deletions", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdditionsDeletionsPage({ searchParams }: Props) {
  const user = await requireSubscriber("/insights/additions-deletions");
  const params = singleValues(await searchParams);
  const data = await getInsightMonth(user.country, "additions-deletions", params);
  return <InsightView kind="additions-deletions" edition={user.country} data={data} params={params} />;
}
