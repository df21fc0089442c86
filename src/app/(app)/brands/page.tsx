import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../list-page";

export const metadata = listMetadata("brands");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists.brands.path);
  return <ListPage id="brands" user={user} searchParams={searchParams} />;
}
