import { requireSubscriber } from "@/lib/session";

import { Insight, insightMetadata, type InsightPageProps } from "../insight-route";

export const metadata = insightMetadata("additions-deletions");

export default async function AdditionsDeletionsPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/additions-deletions");
  return <Insight kind="additions-deletions" user={user} searchParams={searchParams} />;
}
