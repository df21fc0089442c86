import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("nurse-formulary");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists["nurse-formulary"].path);
  return <ListPage id="nurse-formulary" user={user} searchParams={searchParams} />;
}
