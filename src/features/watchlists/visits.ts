import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import type { CurrentUser } from "@/lib/session";

import { findWatchlist } from "./access";
import { summariseVisit, type VisitChange, type VisitSummary } from "./changes-summary";
import type { VisibleWatchlist } from "./queries";

type ChangeRow = {
  code: string;
  name: string;
  change: VisitChange["change"];
  period: string;
  old_pence: number | null;
  new_pence: number | null;
  old_category: string | null;
  new_category: string | null;
};

/**
 * The changes to a list's packs in the months loaded since `since`, in `user`'s edition: price,
 * category and deletion changes of Part VIIIA and Part IX (`tariff_changes`) and the concessions of
 * Part VIIIA packs (England's, which Northern Ireland applies too).
 */
async function changesSince(user: CurrentUser, watchlistId: string, since: Date): Promise<VisitChange[]> {
  const result = await getDb().execute<ChangeRow>(sql`
    select tc.code, tc.name, tc.change, tc.period::text as period, tc.old_price_pence as old_pence,
      tc.new_price_pence as new_pence, tc.old_category, tc.new_category
    from tariff_changes tc
    join tariff_datasets d on d.edition = tc.edition and d.part = tc.part and d.period = tc.period
    join watchlist_items i on i.watchlist_id = ${watchlistId} and i.code = tc.code
      and i.kind = case tc.part when 'viiia' then 'drug' when 'ix' then 'appliance' end
    where tc.edition = ${user.edition} and tc.part in ('viiia', 'ix') and d.imported_at > ${since}
      and tc.change in ('price_change', 'category_change', 'deletion')
    union all
    select distinct on (c.period, c.vmpp_snomed_code) c.vmpp_snomed_code, c.drug, 'concession',
      c.period::text, null::integer, c.price_pence, null::text, null::text
    from concessions c
    join tariff_datasets d on d.edition = 1 and d.part = 'concessions' and d.period = c.period
    join watchlist_items i on i.watchlist_id = ${watchlistId} and i.kind = 'drug' and i.code = c.vmpp_snomed_code
    where c.edition = 1 and d.imported_at > ${since}`);
  return result.rows.map((row) => ({
    code: row.code,
    name: row.name,
    change: row.change,
    period: row.period,
    oldPence: row.old_pence,
    newPence: row.new_pence,
    oldCategory: row.old_category,
    newCategory: row.new_category,
  }));
}

/**
 * What changed for a watchlist's packs since `user` last opened it, then this visit remembered:
 * the next visit's summary starts from now. An id is checked against what `user` may see; a
 * `VisibleWatchlist` already was.
 *
 * One statement reads the last visit, records this one and says whether anything was imported
 * since; the changes are looked for only then, so a visit in a month without imports costs one
 * query (the statement's parts all see the data as it was before the visit is recorded).
 */
export async function visitWatchlist(
  user: CurrentUser,
  watchlist: string | VisibleWatchlist,
): Promise<VisitSummary> {
  const db = getDb();
  const { id } = typeof watchlist === "string" ? await findWatchlist(db, user, watchlist) : watchlist;
  const result = await db.execute<{ previous_ms: number | string | null; imported_since: boolean }>(sql`
    with previous as (
      select visited_at from watchlist_visits where user_id = ${user.id} and watchlist_id = ${id}),
    visit as (
      insert into watchlist_visits (user_id, watchlist_id) values (${user.id}, ${id})
      on conflict (user_id, watchlist_id) do update set visited_at = now())
    select (extract(epoch from p.visited_at) * 1000)::float8 as previous_ms,
      exists (select 1 from tariff_datasets d where d.imported_at > p.visited_at) as imported_since
    from (select 1) one left join previous p on true`);
  const row = result.rows[0]!;
  if (row.previous_ms === null) return summariseVisit(null, []);
  const previous = new Date(Number(row.previous_ms));
  const changes = row.imported_since ? await changesSince(user, id, previous) : [];
  return summariseVisit(previous.toISOString(), changes);
}
