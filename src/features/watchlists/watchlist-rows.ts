import "server-only";

import { dataVersion, dataVersionEtag, gzippedRowsByDataVersion } from "@/lib/data-version-cache";
import { getDb } from "@/db/client";
import { AppError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/session";
import { editionCodes, type Edition } from "@/lib/tariff-vocabulary";

import { findWatchlist } from "./access";
import { getWatchlistEntries, getWatchlistOverview, watchlistItemsVersion } from "./queries";
import { watchlistTableRows } from "./rows";
import { watchlistIdSchema } from "./schemas";

/**
 * Where a watchlist's table fetches its packs, as a list page's table fetches its rows (ADR 013,
 * 142): the edition is in the address, so a change of country is a new address.
 */
export function watchlistRowsPath(watchlistId: string, edition: Edition): string {
  return `/api/watchlists/${watchlistId}/rows?edition=${editionCodes[edition]}`;
}

/**
 * A watchlist's table rows for `user` (who must be able to see it, else "not found"): an entity tag,
 * and the gzipped JSON, kept per data version and set of packs, so a page of 2,000 packs costs one
 * reading and one compression until an import or a change to the list.
 */
export async function watchlistRows(user: CurrentUser, watchlistId: string) {
  if (!watchlistIdSchema.safeParse({ watchlistId }).success)
    throw new AppError("not_found", "We could not find that watchlist.");
  // Who may read it is checked on every request; the months and packs are read only when the rows
  // are not already kept, so a repeat visit costs three small queries and a 304.
  const [found, version, items] = await Promise.all([
    findWatchlist(getDb(), user, watchlistId),
    dataVersion(),
    watchlistItemsVersion(watchlistId),
  ]);
  const key = `watchlist-rows|${watchlistId}|${user.edition}|${items}`;
  return {
    etag: dataVersionEtag(version, key),
    gzip: () =>
      gzippedRowsByDataVersion(version, key, async () => {
        const overview = await getWatchlistOverview(user, found);
        return watchlistTableRows(await getWatchlistEntries(overview), overview.edition);
      }),
  };
}
