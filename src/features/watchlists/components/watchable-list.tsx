import type { ReactNode } from "react";

import type { ListSpec } from "@/features/tariff/lists";
import type { CurrentUser } from "@/lib/session";

import { getWatchlistChoices } from "../queries";
import { WatchlistAdd } from "./list-watch-add";

/**
 * How a watchlist holds a list's rows, as the list's file says (`watch`): the kind of pack, and the
 * row keys of its code and name.
 */
export type WatchRules = NonNullable<ListSpec["watch"]>;

/** A list page's table with 'Add to watchlist' per row and for the ticked rows, onto the lists `user` may change. */
export async function WatchableList({
  rules,
  user,
  children,
}: {
  rules: WatchRules;
  user: CurrentUser;
  children: ReactNode;
}) {
  const choices = (await getWatchlistChoices(user))
    .filter((choice) => choice.canChange)
    .map((choice) => ({ id: choice.id, name: choice.name }));
  return <WatchlistAdd config={{ ...rules, choices }}>{children}</WatchlistAdd>;
}

/** A list page's `wrapTable` (ADR 131): its table inside `WatchableList`. */
export function watchableTable(rules: WatchRules, user: CurrentUser) {
  function WatchableTable(table: ReactNode) {
    return (
      <WatchableList rules={rules} user={user}>
        {table}
      </WatchableList>
    );
  }
  return WatchableTable;
}
