import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { TariffListPage } from "@/features/tariff/components/tariff-list-page";
import { lists, type ListId } from "@/features/tariff/lists";
import type { SearchParams } from "@/features/tariff/month-choice";
import { watchableTable } from "@/features/watchlists/components/watchable-list";
import type { CurrentUser } from "@/lib/session";

export type ListPageProps = { searchParams: SearchParams };

/** A list page's metadata: the list's title, and kept out of search engines. */
export function listMetadata(id: ListId): Metadata {
  return { title: lists[id].title, robots: { index: false } };
}

/**
 * One list's page for the subscriber its page file authorised (ADR 001): the list with its data's
 * freshness, and 'Add to watchlist' where a watchlist can hold the list's rows (its file's `watch`).
 * Each list's `page.tsx` exports one.
 */
export function ListPage({ id, user, searchParams }: ListPageProps & { id: ListId; user: CurrentUser }) {
  const { watch } = lists[id];
  return (
    <TariffListPage
      id={id}
      user={user}
      searchParams={searchParams}
      freshness={dataFreshness}
      wrapTable={watch && watchableTable(watch, user)}
    />
  );
}
