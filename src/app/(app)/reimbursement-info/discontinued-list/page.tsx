import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("discontinued");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.discontinued.path);
  return <ListPage id="discontinued" user={user} searchParams={searchParams} />;
}
