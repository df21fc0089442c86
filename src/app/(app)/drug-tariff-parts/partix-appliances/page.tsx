import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("partix");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.partix.path);
  return <ListPage id="partix" user={user} searchParams={searchParams} />;
}
