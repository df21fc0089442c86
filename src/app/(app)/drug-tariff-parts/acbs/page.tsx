import type { Metadata } from "next";

import { TariffListPage } from "@/features/tariff/components/tariff-list-page";
import { lists } from "@/features/tariff/lists";
import type { SearchParams } from "@/features/tariff/month-choice";

export const metadata: Metadata = { title: lists["acbs"].title, robots: { index: false } };

export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return <TariffListPage id="acbs" searchParams={searchParams} />;
}
