import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { TariffListPage } from "@/features/tariff/components/tariff-list-page";
import { lists } from "@/features/tariff/lists";
import type { SearchParams } from "@/features/tariff/month-choice";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: lists["zero-discount"].title, robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireSubscriber(lists["zero-discount"].path);
  return (
    <TariffListPage id="zero-discount" user={user} searchParams={searchParams} freshness={dataFreshness} />
  );
}
