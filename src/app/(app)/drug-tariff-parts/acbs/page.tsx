import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("acbs");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.acbs.path);
  return <ListPage id="acbs" user={user} searchParams={searchParams} />;
}
