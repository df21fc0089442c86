import type { ReactNode } from "react";

import type { CurrentUser } from "@/lib/session";

import { getWatchlistChoices } from "../queries";
import { WatchlistAdd, type WatchAddConfig } from "./list-watch-add";

/** The list pages whose rows are packs a watchlist holds: the kind, and the row keys of code and name. */
const watchable = {
  partviiia: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "medicine" },
  partix: { kind: "appliance", codeKey: "packSnomedCode", nameKey: "ampName" },
} satisfies Record<string, Omit<WatchAddConfig, "choices">>;

/** A list page's table with 'Add to watchlist' per row and for the ticked rows, onto the lists `user` may change. */
export async function WatchableList({
  list,
  user,
  children,
}: {
  list: keyof typeof watchable;
  user: CurrentUser;
  children: ReactNode;
}) {
  const choices = (await getWatchlistChoices(user))
    .filter((choice) => choice.canChange)
    .map((choice) => ({ id: choice.id, name: choice.name }));
  return <WatchlistAdd config={{ ...watchable[list], choices }}>{children}</WatchlistAdd>;
}
