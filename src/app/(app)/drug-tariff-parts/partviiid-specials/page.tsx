import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { TariffListPage } from "@/features/tariff/components/tariff-list-page";
import { lists } from "@/features/tariff/lists";
import type { SearchParams } from "@/features/tariff/month-choice";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: lists["partviiid"].title, robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireSubscriber(lists.partviiid.path);
  return <TariffListPage id="partviiid" user={user} searchParams={searchParams} freshness={dataFreshness} />;
}
