import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("partviiid");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.partviiid.path);
  return <ListPage id="partviiid" user={user} searchParams={searchParams} />;
}
