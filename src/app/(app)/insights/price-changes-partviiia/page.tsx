import { getCurrentUser, requireSubscriber } from "@/lib/session";

import { Insight, insightMetadata, type InsightPageProps } from "../insight-route";

/** Named as the reader's edition names Part VIIIA. */
export async function generateMetadata() {
  const user = await getCurrentUser();
  return insightMetadata("price-changes-viiia", user?.edition ?? 1);
}

export default async function PartViiiaPriceChangesPage({ searchParams }: InsightPageProps) {
  const user = await requireSubscriber("/insights/price-changes-partviiia");
  return <Insight kind="price-changes-viiia" user={user} searchParams={searchParams} />;
}
