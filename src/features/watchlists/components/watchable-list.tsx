import type { ReactNode } from "react";

import type { CurrentUser } from "@/lib/session";

import { getWatchlistChoices } from "../queries";
import { WatchlistAdd, type WatchAddConfig } from "./list-watch-add";

const brandRows = { kind: "brand", codeKey: "amppSnomedCode", nameKey: "name" } as const;

/**
 * The list pages whose rows are packs a watchlist holds: the kind, and the row keys of code and
 * name. Category M and the concessions name Part VIIIA packs (VMPP); the branded lists and England &
 * Wales' borderline substances are dm+d's branded packs (AMPP).
 */
const watchable = {
  partviiia: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "medicine" },
  catm: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "medicine" },
  concessions: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "drug" },
  partix: { kind: "appliance", codeKey: "packSnomedCode", nameKey: "ampName" },
  brands: brandRows,
  "broken-bulk": brandRows,
  "dental-formulary": brandRows,
  discontinued: brandRows,
  "nurse-formulary": brandRows,
  "special-containers": brandRows,
  acbs: { kind: "brand", codeKey: "amppSnomedCode", nameKey: "product" },
} satisfies Record<string, Omit<WatchAddConfig, "choices">>;

/** A list page whose rows a watchlist can hold. */
export type WatchableListId = keyof typeof watchable;

/** A list page's table with 'Add to watchlist' per row and for the ticked rows, onto the lists `user` may change. */
export async function WatchableList({
  list,
  user,
  children,
}: {
  list: WatchableListId;
  user: CurrentUser;
  children: ReactNode;
}) {
  const choices = (await getWatchlistChoices(user))
    .filter((choice) => choice.canChange)
    .map((choice) => ({ id: choice.id, name: choice.name }));
  return <WatchlistAdd config={{ ...watchable[list], choices }}>{children}</WatchlistAdd>;
}

/** A list page's `wrapTable` (ADR 131): its table inside `WatchableList`. */
export function watchableTable(list: WatchableListId, user: CurrentUser) {
  function WatchableTable(table: ReactNode) {
    return (
      <WatchableList list={list} user={user}>
        {table}
      </WatchableList>
    );
  }
  return WatchableTable;
}
