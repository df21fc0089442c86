import { completeCheckoutReturn } from "@/features/billing/checkout";
import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("partviiia");

/** The landing page after sign-in, and after checkout. */
export default async function PartVIIIAPage({ searchParams }: ListPageProps) {
  // Back from checkout: sync the subscription first, then come back without the session id.
  await completeCheckoutReturn((await searchParams).session_id);
  const user = await requireSubscriber(lists.partviiia.path);
  return <ListPage id="partviiia" user={user} searchParams={searchParams} />;
}
