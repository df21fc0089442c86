import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../list-page";

export const metadata = listMetadata("concessions");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.concessions.path);
  return <ListPage id="concessions" user={user} searchParams={searchParams} />;
}
