import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import type { Edition } from "@/lib/tariff-vocabulary";

import { getWatchlistEntries, watchlistOverviewIn, type WatchlistEntry } from "./queries";

export type LicenceWatchlist = { id: string; name: string; ownerName: string; packs: WatchlistEntry[] };

/**
 * The watchlists shared on a licence (ADR 055), with their packs priced in `edition` as at `now`:
 * what the licence's API keys read (ADR 203). A member's private lists are theirs alone and are not
 * in it; nor is any list of another licence, whatever the caller asks.
 */
export async function getLicenceWatchlists(
  licenceId: string,
  edition: Edition,
  now = new Date(),
): Promise<LicenceWatchlist[]> {
  const result = await getDb().execute<{
    id: string;
    name: string;
    first_name: string | null;
    last_name: string | null;
    email: string;
  }>(sql`
    select w.id, w.name, o.first_name, o.last_name, o.email
    from watchlists w join profiles o on o.id = w.owner_id
    where w.shared and o.license_id = ${licenceId}
    order by lower(w.name), w.id`);
  return Promise.all(
    result.rows.map(async (row) => {
      const overview = await watchlistOverviewIn(
        { id: row.id, name: row.name, shared: true, isOwner: false, canChange: false },
        edition,
        now,
      );
      return {
        id: row.id,
        name: row.name,
        ownerName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.email,
        packs: await getWatchlistEntries(overview),
      };
    }),
  );
}
