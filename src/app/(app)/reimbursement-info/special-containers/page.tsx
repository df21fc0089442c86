import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("special-containers");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists["special-containers"].path);
  return <ListPage id="special-containers" user={user} searchParams={searchParams} />;
}
