import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("partviiib");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.partviiib.path);
  return <ListPage id="partviiib" user={user} searchParams={searchParams} />;
}
