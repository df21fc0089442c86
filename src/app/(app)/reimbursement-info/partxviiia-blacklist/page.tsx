import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("blacklist");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.blacklist.path);
  return <ListPage id="blacklist" user={user} searchParams={searchParams} />;
}
