import { requireSubscriber } from "@/lib/session";

import { Insight, insightMetadata, type InsightPageProps } from "../insight-route";

export const metadata = insightMetadata("category-changes");

export default async function CategoryChangesPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/category-changes");
  return <Insight kind="category-changes" user={user} searchParams={searchParams} />;
}
