import "server-only";

import { eq, sql, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { watchlistAlertPreferences } from "@/db/schema";
import type { CurrentUser } from "@/lib/session";
import { monthPricing, type MonthPricing } from "@/features/tariff/reimbursement-queries";
import { currentPeriod, periodToDate, type Edition, type PartId } from "@/lib/tariff-vocabulary";

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
  /** The pricing model's net price in force: the concession or the price, less the deduction that applies. */
  netPricePence: number | null;
  previousPricePence: number | null;
  category: string | null;
  previousCategory: string | null;
  concessionPence: number | null;
  discontinued: boolean;
  listedThisMonth: boolean;
  listedLastMonth: boolean;
  /** The month published ahead of the month in force, when there is one: the pack's line in it. */
  next: {
    /** `YYYY-MM`. */
    period: string;
    pricePence: number | null;
    netPricePence: number | null;
    category: string | null;
    listed: boolean;
  } | null;
  /** The pack's price in each month listed of the 12 ending with the month in force, oldest first. */
  history: number[];
};

export type WatchlistDetail = {
  watchlist: { id: string; name: string; shared: boolean; isOwner: boolean; canChange: boolean };
  edition: Edition;
  /**
   * `YYYY-MM-01` per part: the month in force (or the latest loaded before it), the loaded month
   * before that, and the next month when it is published ahead of its 1st.
   */
  months: Partial<Record<PartId, Months>>;
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
        basic_price_pence as price, null::text as generic_code, false as discontinued
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
        part as sub_part, part as category, price_pence as price, null::text as generic_code,
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
    // dm+d is stored once for the UK; the release in force is the latest on or before the month.
    line: (_edition, period) => sql`
      select name, pack_size, unit_of_measure as unit, null::text as sub_part,
        drug_tariff_category as category, nhs_indicative_price_pence as price, vmpp_snomed_code as generic_code,
        discontinued
      from branded_packs where ampp_snomed_code = i.code and edition = 1 and period <= ${period}
      order by period desc, id limit 1`,
    any: sql`select name, pack_size, unit_of_measure as unit from branded_packs
      where ampp_snomed_code = i.code order by period desc, edition limit 1`,
    prices: () => sql`select period, nhs_indicative_price_pence as price, id from branded_packs
      where ampp_snomed_code = i.code and edition = 1`,
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
      ownerLicenceId: row.owner_licence,
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
  generic_code: string | null;
  discontinued: boolean | null;
  prev_price: number | null;
  prev_category: string | null;
  next_price: number | null;
  next_category: string | null;
  next_generic_code: string | null;
  listed_now: boolean;
  listed_before: boolean;
  history: string | null;
};

type Months = { current: string | null; previous: string | null; next: string | null };

/**
 * For each of `parts` in `edition`: the month in force, or the latest loaded before it (product
 * §3.1), the loaded month before that, and the first month loaded ahead of it.
 */
async function monthsInForce(edition: Edition, parts: PartId[], now: Date): Promise<Map<PartId, Months>> {
  const result = await getDb().execute<{ part: PartId; period: string; edition: number }>(sql`
    select part, period::text as period, edition from tariff_datasets
    where part in (${sql.join(
      parts.map((part) => sql`${part}`),
      sql`, `,
    )})
    order by part, period desc`);
  const inForce = periodToDate(currentPeriod(now));
  const months = new Map<PartId, Months>();
  for (const part of parts) {
    // dm+d is stored once, as England & Wales' release, for both editions.
    const stored = part === "dmd" ? 1 : edition;
    const periods = result.rows
      .filter((row) => row.part === part && row.edition === stored)
      .map((row) => row.period);
    const current = periods.find((period) => period <= inForce) ?? null;
    months.set(part, {
      current,
      previous: current === null ? null : (periods.find((period) => period < current) ?? null),
      next: periods.filter((period) => period > inForce).at(-1) ?? null,
    });
  }
  return months;
}

async function entriesOf(
  watchlistId: string,
  kind: PackKind,
  edition: Edition,
  months: Months,
): Promise<WatchlistEntry[]> {
  const source = sources[kind];
  const current = sql`${months.current}::date`;
  const previous = sql`${months.previous}::date`;
  const next = sql`${months.next}::date`;
  const [result, pricing, nextPricing] = await Promise.all([
    getDb().execute<EntryRow>(sql`
    select i.code, coalesce(cur.name, prv.name, latest.name) as name,
      coalesce(cur.pack_size, prv.pack_size, latest.pack_size) as pack_size,
      coalesce(cur.unit, prv.unit, latest.unit) as unit, coalesce(cur.sub_part, prv.sub_part) as sub_part,
      cur.category, cur.price, cur.generic_code, cur.discontinued, prv.price as prev_price,
      prv.category as prev_category, nxt.price as next_price, nxt.category as next_category,
      nxt.generic_code as next_generic_code,
      cur.price is not null as listed_now, prv.price is not null as listed_before,
      (select string_agg(h.price::text, ',' order by h.period) from (
        select distinct on (p.period) p.period, p.price from (${source.prices(edition)}) p
        where p.period <= ${current} and p.period > (${current} - interval '12 months')::date
          and p.price is not null
        order by p.period, p.id) h) as history
    from watchlist_items i
    left join lateral (${source.line(edition, current)}) cur on true
    left join lateral (${source.line(edition, previous)}) prv on true
    left join lateral (${source.line(edition, next)}) nxt on true
    left join lateral (${source.any}) latest on true
    where i.watchlist_id = ${watchlistId} and i.kind = ${kind}
    order by i.id`),
    months.current ? monthPricing(edition, months.current.slice(0, 7)) : null,
    months.next ? monthPricing(edition, months.next.slice(0, 7)) : null,
  ]);
  // Each pack priced by the one pricing model, in the month in force and the month coming.
  const priced = (
    month: MonthPricing | null,
    row: EntryRow,
    price: number | null,
    category: string | null,
    generic: string | null,
  ) =>
    month && price !== null
      ? month.money({
          kind,
          codes: [row.code, generic],
          category,
          pricePence: price,
          packSize: row.pack_size === null ? null : Number(row.pack_size),
          unit: row.unit,
        })
      : null;
  return result.rows.map((row) => {
    const now = priced(pricing, row, row.price, row.category, row.generic_code);
    const coming = priced(nextPricing, row, row.next_price, row.next_category, row.next_generic_code);
    return {
      kind,
      code: row.code,
      name: row.name,
      packSize: row.pack_size === null ? null : Number(row.pack_size),
      unit: row.unit,
      part: source.part,
      subPart: row.sub_part,
      pricePence: row.price,
      netPricePence: now?.perPackPence ?? null,
      previousPricePence: row.prev_price,
      category: kind === "appliance" ? null : row.category,
      previousCategory: row.prev_category,
      concessionPence: now?.concessionPence ?? null,
      discontinued: row.discontinued === true,
      listedThisMonth: row.listed_now,
      listedLastMonth: row.listed_before,
      next: months.next
        ? {
            period: months.next.slice(0, 7),
            pricePence: row.next_price,
            netPricePence: coming?.perPackPence ?? null,
            category: kind === "appliance" ? null : row.next_category,
            listed: row.next_price !== null,
          }
        : null,
      history: row.history ? row.history.split(",").map(Number) : [],
    };
  });
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
  now = new Date(),
): Promise<WatchlistOverview> {
  const found = typeof watchlist === "string" ? findWatchlist(getDb(), user, watchlist) : watchlist;
  return watchlistOverviewIn(found, user.edition, now);
}

/**
 * A watchlist found (or being found: its months are read meanwhile), with the months its prices
 * come from in `edition` at `now`. The data API reads a licence's shared lists through it.
 */
export async function watchlistOverviewIn(
  watchlist: VisibleWatchlist | Promise<VisibleWatchlist>,
  edition: Edition,
  now = new Date(),
): Promise<WatchlistOverview> {
  const [found, months] = await Promise.all([
    watchlist,
    monthsInForce(
      edition,
      packKinds.map((kind) => sources[kind].part),
      now,
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
