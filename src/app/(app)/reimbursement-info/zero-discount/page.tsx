import { lists } from "@/features/tariff/lists";
import { requireSubscriber } from "@/lib/session";

import { ListPage, listMetadata, type ListPageProps } from "../../list-page";

export const metadata = listMetadata("zero-discount");

export default async function Page({ searchParams }: ListPageProps) {
  const user = await requireSubscriber(lists["zero-discount"].path);
  return <ListPage id="zero-discount" user={user} searchParams={searchParams} />;
}
