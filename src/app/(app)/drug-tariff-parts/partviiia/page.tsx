import type { Metadata } from "next";

import { completeCheckoutReturn } from "@/features/billing/checkout";
import { dataFreshness } from "@/features/imports/components/data-freshness";
import { TariffListPage } from "@/features/tariff/components/tariff-list-page";
import { lists } from "@/features/tariff/lists";
import { watchableTable } from "@/features/watchlists/components/watchable-list";
import type { SearchParams } from "@/features/tariff/month-choice";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: lists.partviiia.title, robots: { index: false } };

/** The landing page after sign-in, and after checkout. */
export default async function PartVIIIAPage({ searchParams }: { searchParams: SearchParams }) {
  // Back from checkout: sync the subscription first, then come back without the session id.
  await completeCheckoutReturn((await searchParams).session_id);
  const user = await requireSubscriber(lists.partviiia.path);
  return (
    <TariffListPage
      id="partviiia"
      user={user}
      searchParams={searchParams}
      freshness={dataFreshness}
      wrapTable={watchableTable("partviiia", user)}
    />
  );
}
