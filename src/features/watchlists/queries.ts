import "server-only";

import { eq, sql, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { watchlistAlertPreferences } from "@/db/schema";
import type { CurrentUser } from "@/lib/session";
import type { Edition, PartId } from "@/lib/tariff-vocabulary";

import { accessOf, findWatchlist, visibleTo } from "./access";
import type { PackKind } from "./schemas";

/** A watchlist as its reader sees it in a list of watchlists. */
export type WatchlistSummary = {
  id: string;
  name: string;
  shared: boolean;
  isOwn: boolean;
  ownerName: string;
  canChange: boolean;
  itemCount: number;
  /** Whether the pack asked about is on it (`getWatchlistChoices`); false otherwise. */
  containsPack: boolean;
};

/** One watched pack in the reader's edition: this month's line and last month's, as numbers. */
export type WatchlistEntry = {
  kind: PackKind;
  code: string;
  name: string | null;
  packSize: number | null;
  unit: string | null;
  /** The part the pack is listed in: a part id, or Part IX's own sub-part ("IXA"). */
  part: PartId;
  subPart: string | null;
  pricePence: number | null;
  netPricePence: number | null;
  previousPricePence: number | null;
  category: string | null;
  previousCategory: string | null;
  concessionPence: number | null;
  discontinued: boolean;
  listedThisMonth: boolean;
  listedLastMonth: boolean;
  /** The pack's price in each month listed of the 12 ending with the latest loaded, oldest first. */
  history: number[];
};

export type WatchlistDetail = {
  watchlist: { id: string; name: string; shared: boolean; isOwner: boolean; canChange: boolean };
  edition: Edition;
  /** `YYYY-MM-01` of the latest and the previous month loaded, per part. */
  months: Partial<Record<PartId, { current: string | null; previous: string | null }>>;
  entries: WatchlistEntry[];
};

/**
 * How each kind reads one line of a pack in an edition and month, as SQL over the watchlist item
 * `i`: the columns name, pack_size, unit, sub_part, category, price, net_price, discontinued.
 */
type Source = {
  part: PartId;
  line: (edition: Edition, period: SQL) => SQL;
  any: SQL;
  /** The pack's price lines (`period`, `price`) in an edition, for its 12-month history. */
  prices: (edition: Edition) => SQL;
};

const sources: Record<PackKind, Source> = {
  drug: {
    part: "viiia",
    line: (edition, period) => sql`
      select medicine as name, pack_size, unit_of_measure as unit, null::text as sub_part, category,
        basic_price_pence as price, net_price_pence as net_price, false as discontinued
      from part_viiia_prices where vmpp_snomed_code = i.code and edition = ${edition} and period = ${period}
      order by id limit 1`,
    any: sql`select medicine as name, pack_size, unit_of_measure as unit from part_viiia_prices
      where vmpp_snomed_code = i.code order by period desc, edition limit 1`,
    prices: (edition) => sql`select period, basic_price_pence as price, id from part_viiia_prices
      where vmpp_snomed_code = i.code and edition = ${edition}`,
  },
  appliance: {
    part: "ix",
    line: (edition, period) => sql`
      select coalesce(amp_name, vmp_name) as name, quantity as pack_size, quantity_unit_of_measure as unit,
        part as sub_part, null::text as category, price_pence as price, net_price_pence as net_price,
        false as discontinued
      from part_ix_prices where pack_snomed_code = i.code and edition = ${edition} and period = ${period}
      order by id limit 1`,
    any: sql`select coalesce(amp_name, vmp_name) as name, quantity as pack_size,
        quantity_unit_of_measure as unit from part_ix_prices
      where pack_snomed_code = i.code order by period desc, edition limit 1`,
    prices: (edition) => sql`select period, price_pence as price, id from part_ix_prices
      where pack_snomed_code = i.code and edition = ${edition}`,
  },
  brand: {
    part: "dmd",
    line: (edition, period) => sql`
      select name, pack_size, unit_of_measure as unit, null::text as sub_part,
        drug_tariff_category as category, nhs_indicative_price_pence as price, net_price_pence as net_price,
        discontinued
      from branded_packs where ampp_snomed_code = i.code and edition = ${edition} and period = ${period}
      order by id limit 1`,
    any: sql`select name, pack_size, unit_of_measure as unit from branded_packs
      where ampp_snomed_code = i.code order by period desc, edition limit 1`,
    prices: (edition) => sql`select period, nhs_indicative_price_pence as price, id from branded_packs
      where ampp_snomed_code = i.code and edition = ${edition}`,
  },
};

const packKinds = Object.keys(sources) as PackKind[];

/** Where each kind's packs are listed, and the column holding the code the item is keyed by. */
const packColumns: Record<PackKind, { table: string; column: string }> = {
  drug: { table: "part_viiia_prices", column: "vmpp_snomed_code" },
  appliance: { table: "part_ix_prices", column: "pack_snomed_code" },
  brand: { table: "branded_packs", column: "ampp_snomed_code" },
};

/** Whether any imported month lists a pack of this kind with this code. */
export async function packExists(kind: PackKind, code: string): Promise<boolean> {
  return (await existingPacks(kind, [code])).length > 0;
}

/** Which of these codes some imported month lists as a pack of this kind. */
export async function existingPacks(kind: PackKind, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const { table, column } = packColumns[kind];
  const result = await getDb().execute<{ code: string }>(
    sql`select distinct ${sql.identifier(column)} as code from ${sql.identifier(table)}
      where ${sql.identifier(column)} in (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})`,
  );
  return result.rows.map((row) => row.code);
}

type SummaryRow = {
  id: string;
  name: string;
  shared: boolean;
  owner_id: string;
  owner_licence: string | null;
  owner_first: string | null;
  owner_last: string | null;
  owner_email: string;
  items: number | string;
  contains: boolean;
};

/**
 * The watchlists `user` may see, their own first. With a pack, each says whether it holds it: what
 * the product page's control needs.
 */
export async function getWatchlistChoices(
  user: CurrentUser,
  pack?: { kind: PackKind; code: string },
): Promise<WatchlistSummary[]> {
  const contains = pack
    ? sql`exists (select 1 from watchlist_items i where i.watchlist_id = w.id and i.kind = ${pack.kind} and i.code = ${pack.code})`
    : sql`false`;
  const result = await getDb().execute<SummaryRow>(sql`
    select w.id, w.name, w.shared, w.owner_id, o.license_id as owner_licence, o.first_name as owner_first,
      o.last_name as owner_last, o.email as owner_email,
      (select count(*) from watchlist_items i where i.watchlist_id = w.id) as items,
      ${contains} as contains
    from watchlists w join profiles o on o.id = w.owner_id
    where ${visibleTo(user)}
    order by (w.owner_id = ${user.id}) desc, lower(w.name), w.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    shared: row.shared,
    isOwn: row.owner_id === user.id,
    ownerName: `${row.owner_first ?? ""} ${row.owner_last ?? ""}`.trim() || row.owner_email,
    canChange: accessOf(user, {
      ownerId: row.owner_id,
      shared: row.shared,
      ownerLicenseId: row.owner_licence,
    }).canChange,
    itemCount: Number(row.items),
    containsPack: row.contains,
  }));
}

type EntryRow = {
  code: string;
  name: string | null;
  pack_size: string | number | null;
  unit: string | null;
  sub_part: string | null;
  category: string | null;
  price: number | null;
  net_price: number | null;
  discontinued: boolean | null;
  prev_price: number | null;
  prev_category: string | null;
  concession: number | null;
  listed_now: boolean;
  listed_before: boolean;
  history: string | null;
};

type Months = { current: string | null; previous: string | null };

/** The latest month loaded for each of `parts` in `edition`, and the month before it, in one query. */
async function latestMonths(edition: Edition, parts: PartId[]): Promise<Map<PartId, Months>> {
  const result = await getDb().execute<{ part: PartId; period: string }>(sql`
    select part, period::text as period from (
      select part, period, row_number() over (partition by part order by period desc) as newest
      from tariff_datasets
      where edition = ${edition} and part in (${sql.join(
        parts.map((part) => sql`${part}`),
        sql`, `,
      )})) loaded
    where newest <= 2
    order by part, period desc`);
  const months = new Map<PartId, Months>(parts.map((part) => [part, { current: null, previous: null }]));
  for (const { part, period } of result.rows) {
    const found = months.get(part)!;
    if (found.current === null) found.current = period;
    else found.previous = period;
  }
  return months;
}

async function entriesOf(
  watchlistId: string,
  kind: PackKind,
  edition: Edition,
  months: { current: string | null; previous: string | null },
): Promise<WatchlistEntry[]> {
  const source = sources[kind];
  const current = sql`${months.current}::date`;
  const previous = sql`${months.previous}::date`;
  const concession =
    kind === "drug"
      ? // Northern Ireland applies England's concessions, stored once as edition 1.
        sql`(select price_pence from concessions c where c.vmpp_snomed_code = i.code and c.edition = 1
            and c.period = ${current} order by c.id limit 1)`
      : sql`null::integer`;
  const result = await getDb().execute<EntryRow>(sql`
    select i.code, coalesce(cur.name, prv.name, latest.name) as name,
      coalesce(cur.pack_size, prv.pack_size, latest.pack_size) as pack_size,
      coalesce(cur.unit, prv.unit, latest.unit) as unit, coalesce(cur.sub_part, prv.sub_part) as sub_part,
      cur.category, cur.price, cur.net_price, cur.discontinued, prv.price as prev_price,
      prv.category as prev_category, ${concession} as concession,
      cur.price is not null as listed_now, prv.price is not null as listed_before,
      (select string_agg(h.price::text, ',' order by h.period) from (
        select distinct on (p.period) p.period, p.price from (${source.prices(edition)}) p
        where p.period <= ${current} and p.period > (${current} - interval '12 months')::date
          and p.price is not null
        order by p.period, p.id) h) as history
    from watchlist_items i
    left join lateral (${source.line(edition, current)}) cur on true
    left join lateral (${source.line(edition, previous)}) prv on true
    left join lateral (${source.any}) latest on true
    where i.watchlist_id = ${watchlistId} and i.kind = ${kind}
    order by i.id`);
  return result.rows.map((row) => ({
    kind,
    code: row.code,
    name: row.name,
    packSize: row.pack_size === null ? null : Number(row.pack_size),
    unit: row.unit,
    part: source.part,
    subPart: row.sub_part,
    pricePence: row.price,
    netPricePence: row.net_price,
    previousPricePence: row.prev_price,
    category: row.category,
    previousCategory: row.prev_category,
    concessionPence: row.concession,
    discontinued: row.discontinued === true,
    listedThisMonth: row.listed_now,
    listedLastMonth: row.listed_before,
    history: row.history ? row.history.split(",").map(Number) : [],
  }));
}

export type WatchlistOverview = Omit<WatchlistDetail, "entries">;

/** A watchlist `user` may see, as `findWatchlist` or `getWatchlistChoices` found it. */
export type VisibleWatchlist = WatchlistDetail["watchlist"];

/** The list a choice names: `getWatchlistChoices` gives only lists its user may see. */
export const visibleChoice = (choice: WatchlistSummary): VisibleWatchlist => ({
  id: choice.id,
  name: choice.name,
  shared: choice.shared,
  isOwner: choice.isOwn,
  canChange: choice.canChange,
});

/**
 * One watchlist as `user` may see it, with the months its prices come from in `user`'s edition: the
 * latest month loaded for each kind's part and the month before it. What its page shows above the
 * table; the packs come from `getWatchlistEntries`. An id is checked against what `user` may see; a
 * `VisibleWatchlist` already was.
 */
export async function getWatchlistOverview(
  user: CurrentUser,
  watchlist: string | VisibleWatchlist,
): Promise<WatchlistOverview> {
  const edition: Edition = user.country;
  const [found, months] = await Promise.all([
    typeof watchlist === "string" ? findWatchlist(getDb(), user, watchlist) : watchlist,
    latestMonths(
      edition,
      packKinds.map((kind) => sources[kind].part),
    ),
  ]);
  return {
    watchlist: {
      id: found.id,
      name: found.name,
      shared: found.shared,
      isOwner: found.isOwner,
      canChange: found.canChange,
    },
    edition,
    months: Object.fromEntries(months),
  };
}

/** The packs of a watchlist `getWatchlistOverview` found, with their prices in its edition and months. */
export async function getWatchlistEntries(overview: WatchlistOverview): Promise<WatchlistEntry[]> {
  const entries = await Promise.all(
    packKinds.map((kind) =>
      entriesOf(overview.watchlist.id, kind, overview.edition, overview.months[sources[kind].part]!),
    ),
  );
  return entries.flat();
}

/**
 * One watchlist's packs with their prices in `user`'s edition: the latest month loaded for each
 * pack's part and the month before it. The list must be one `user` may see.
 */
export async function getWatchlistDetail(user: CurrentUser, watchlistId: string): Promise<WatchlistDetail> {
  const overview = await getWatchlistOverview(user, watchlistId);
  return { ...overview, entries: await getWatchlistEntries(overview) };
}

/**
 * What the packs on a watchlist are now, in a few characters: it changes whenever a pack is added
 * or removed (an item added gets a new, higher id), so the rows kept for a data version are kept
 * only while the list is the same.
 */
export async function watchlistItemsVersion(watchlistId: string): Promise<string> {
  const result = await getDb().execute<{ items: string; last: string; codes: string }>(sql`
    select count(*)::text as items, coalesce(max(id), 0)::text as last,
      coalesce(sum(hashtext(kind || ':' || code)::bigint), 0)::text as codes
    from watchlist_items where watchlist_id = ${watchlistId}`);
  const row = result.rows[0]!;
  return `${row.items}.${row.last}.${row.codes}`;
}

export type AlertPreferences = {
  enabled: boolean;
  thresholdPercent: number;
  delivery: "immediate" | "weekly";
  marginLosses: boolean;
};

/**
 * The user's watchlist alert choices; without a row, alerts are on for every change, sent at once,
 * and margin-check lines are left out (they are chosen, ADR 134).
 */
export async function getAlertPreferences(userId: string): Promise<AlertPreferences> {
  const [row] = await getDb()
    .select({
      enabled: watchlistAlertPreferences.enabled,
      thresholdPercent: watchlistAlertPreferences.thresholdPercent,
      delivery: watchlistAlertPreferences.delivery,
      marginLosses: watchlistAlertPreferences.marginLosses,
    })
    .from(watchlistAlertPreferences)
    .where(eq(watchlistAlertPreferences.userId, userId));
  if (!row) return { enabled: true, thresholdPercent: 0, delivery: "immediate", marginLosses: false };
  return { ...row, delivery: row.delivery === "weekly" ? "weekly" : "immediate" };
}
