import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("catm");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.catm.path);
  return <ListPage id="catm" user={user} searchParams={searchParams} />;
}
