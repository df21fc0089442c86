import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("broken-bulk");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists["broken-bulk"].path);
  return <ListPage id="broken-bulk" user={user} searchParams={searchParams} />;
}
