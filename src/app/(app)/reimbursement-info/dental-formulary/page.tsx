import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("dental-formulary");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists["dental-formulary"].path);
  return <ListPage id="dental-formulary" user={user} searchParams={searchParams} />;
}
