import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { partLabel, type PartId } from "@/lib/tariff-vocabulary";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * The change feed (ADR 117): every change the months imported since a date brought, across the
 * Drug Tariff parts (what each import derived into `tariff_changes` against the month before) and
 * the price concessions (a month's list against the month before's: granted, changed, ended).
 */

export const changeKinds = {
  addition: "Added",
  deletion: "Deleted",
  price_change: "Price change",
  category_change: "Category change",
  concession_granted: "Concession granted",
  concession_changed: "Concession changed",
  concession_ended: "Concession ended",
} as const;
export type ChangeKind = keyof typeof changeKinds;
export const changeKindIds = Object.keys(changeKinds) as [ChangeKind, ...ChangeKind[]];

/**
 * `fromPeriod` (`YYYY-MM-01`): only months from this one on, whenever they were imported; `period`
 * (`YYYY-MM-01`): only that month's.
 */
export type ChangeFilters = { part?: PartId; kind?: ChangeKind; fromPeriod?: string; period?: string };

export type ChangeEntry = {
  /** `YYYY-MM` of the month that changed. */
  period: string;
  part: PartId;
  partLabel: string;
  kind: ChangeKind;
  name: string;
  code: string | null;
  /** Pack size and unit as read: "28 tablet". */
  pack: string;
  oldPricePence: number | null;
  newPricePence: number | null;
  priceChangePercent: number | null;
  oldCategory: string | null;
  newCategory: string | null;
  /** When the month was imported: what makes the change new since a date. */
  importedAt: string;
};

/** At most this many changes are read for one view; a quarter's Category M repricing is about 600. */
export const changesLimit = 5_000;

type Row = {
  period: string;
  part: string;
  kind: string;
  name: string;
  code: string | null;
  pack_size: string | number | null;
  unit_of_measure: string | null;
  old_price_pence: number | null;
  new_price_pence: number | null;
  price_change_percent: string | number | null;
  old_category: string | null;
  new_category: string | null;
  imported_at: Date | string;
};

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The datasets (`tariff_datasets d`) a reader of an edition follows: the edition's own parts, and
 * England & Wales' concessions, which Northern Ireland applies too.
 */
const readableBy = (edition: Edition) =>
  sql`((d.part = 'concessions' and d.edition = 1) or (d.part <> 'concessions' and d.edition = ${edition}))`;

/**
 * The changes of every month of the reader's edition imported at or after `since`, latest import
 * first, then by month, part and name (so a cut at the limit drops the oldest imports). Concessions are England & Wales' list, which Northern Ireland
 * applies too.
 */
export async function getChangesSince(
  edition: Edition,
  since: Date,
  filters: ChangeFilters = {},
): Promise<ChangeEntry[]> {
  const part = filters.part ?? null;
  const kind = filters.kind ?? null;
  const fromPeriod = filters.fromPeriod ?? null;
  const period = filters.period ?? null;
  const result = await getDb().execute<Row>(sql`
    with datasets as (
      select d.edition, d.part, d.period, d.imported_at from tariff_datasets d
      where d.imported_at >= ${since.toISOString()}::timestamptz
        and (${part}::text is null or d.part = ${part}::text)
        and (${fromPeriod}::date is null or d.period >= ${fromPeriod}::date)
        and (${period}::date is null or d.period = ${period}::date)
        and ${readableBy(edition)}
    ),
    tariff as (
      select tc.period, tc.part, tc.change as kind, tc.name, tc.code, tc.pack_size, tc.unit_of_measure,
        tc.old_price_pence, tc.new_price_pence, tc.price_change_percent, tc.old_category, tc.new_category,
        d.imported_at
      from datasets d
      join tariff_changes tc on tc.edition = d.edition and tc.part = d.part and tc.period = d.period
    ),
    concession_months as (
      select d.period, d.imported_at,
        (select max(p.period) from tariff_datasets p
          where p.edition = 1 and p.part = 'concessions' and p.period < d.period) as previous
      from datasets d where d.part = 'concessions'
    ),
    concession_lines as (
      select distinct on (c.period, key) c.period,
        coalesce(c.vmpp_snomed_code, lower(c.drug) || '|' || c.pack_size) as key,
        c.vmpp_snomed_code as code, c.drug as name, c.pack_size, c.price_pence
      from concessions c
      where c.edition = 1 and c.period in (
        select period from concession_months union select previous from concession_months)
      order by c.period, key, c.id
    ),
    concession as (
      select m.period, 'concessions'::text as part,
        case when x.old_key is null then 'concession_granted'
          when x.new_key is null then 'concession_ended'
          when x.new_price <> x.old_price then 'concession_changed' end as kind,
        x.name, x.code, null::numeric as pack_size, x.pack as unit_of_measure,
        x.old_price as old_price_pence, x.new_price as new_price_pence,
        case when x.old_price > 0 and x.new_price is not null
          then round((x.new_price - x.old_price) * 100.0 / x.old_price, 2) end as price_change_percent,
        null::text as old_category, null::text as new_category, m.imported_at
      from concession_months m
      cross join lateral (
        select n.key as new_key, o.key as old_key, n.price_pence as new_price, o.price_pence as old_price,
          coalesce(n.name, o.name) as name, coalesce(n.code, o.code) as code,
          coalesce(n.pack_size, o.pack_size) as pack
        from (select * from concession_lines l where l.period = m.period) n
        full join (select * from concession_lines l where l.period = m.previous) o on o.key = n.key
      ) x
      where m.previous is not null
    )
    select period::text, part, kind, name, code, pack_size, unit_of_measure, old_price_pence,
      new_price_pence, price_change_percent, old_category, new_category, imported_at
    from (select * from tariff union all select * from concession) changes
    where kind is not null and (${kind}::text is null or kind = ${kind}::text)
    order by imported_at desc, period desc, part, name, kind
    limit ${changesLimit}`);
  return result.rows.map((row) => {
    const rowPart = row.part as PartId;
    return {
      period: row.period.slice(0, 7),
      part: rowPart,
      partLabel: partLabel(rowPart, rowPart === "concessions" ? 1 : edition),
      kind: row.kind as ChangeKind,
      name: row.name,
      code: row.code,
      pack: [toNumber(row.pack_size)?.toLocaleString("en-GB"), row.unit_of_measure].filter(Boolean).join(" "),
      oldPricePence: row.old_price_pence,
      newPricePence: row.new_price_pence,
      priceChangePercent: toNumber(row.price_change_percent),
      oldCategory: row.old_category,
      newCategory: row.new_category,
      importedAt: new Date(row.imported_at).toISOString(),
    };
  });
}

/** The parts whose changes the page offers to filter by, named for the reader's edition. */
export function changePartsFor(edition: Edition): { id: PartId; label: string }[] {
  const parts: PartId[] =
    edition === 2
      ? ["viiia", "ix", "concessions"]
      : ["viiia", "cat-m", "viiib", "viiid", "ix", "concessions"];
  return parts.map((id) => ({ id, label: partLabel(id, id === "concessions" ? 1 : edition) }));
}

/** With no previous visit and no data yet, the page looks back this many days. */
const firstVisitDays = 30;

export type NewestMonth = { period: string; importedAt: Date };

/**
 * The newest month of the reader's edition (`YYYY-MM-01`) and when it began to arrive: a first visit
 * shows that month's changes, however long ago it came and however much history a new installation
 * imported at once.
 */
export async function newestMonth(edition: Edition): Promise<NewestMonth | null> {
  const result = await getDb().execute<{ period: string | null; at: string | null }>(sql`
    with readable as (
      select d.period, d.imported_at from tariff_datasets d
      where ${readableBy(edition)}
    )
    select period::text as period, min(imported_at)::text as at from readable
    where period = (select max(period) from readable) group by period`);
  const row = result.rows[0];
  return row?.period && row.at ? { period: row.period, importedAt: new Date(row.at) } : null;
}

/**
 * The page's view from its address: `since` (a date, YYYY-MM-DD, or a UTC time), else the previous
 * visit, else the newest month alone (`newestOnly`), else the last 30 days; `part` and `kind` when
 * they are ones the page offers.
 */
export function readChangeView(
  params: Record<string, string | string[] | undefined>,
  previousVisit: Date | null,
  edition: Edition,
  { newest = null, now = new Date() }: { newest?: NewestMonth | null; now?: Date } = {},
): { since: Date; sinceValue: string; fromVisit: boolean; newestOnly: boolean; filters: ChangeFilters } {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
  const given = one(params.since);
  // A date from the form, or a moment (an ISO time in UTC) from a link.
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(given)
    ? new Date(`${given}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(given)
      ? new Date(given)
      : null;
  const valid = parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
  const newestOnly = !valid && previousVisit === null && newest !== null;
  const since =
    valid ??
    previousVisit ??
    newest?.importedAt ??
    new Date(now.getTime() - firstVisitDays * 24 * 60 * 60 * 1000);
  const part = changePartsFor(edition).find((entry) => entry.id === one(params.part))?.id;
  const kind = changeKindIds.find((id) => id === one(params.kind));
  return {
    since,
    sinceValue: since.toISOString().slice(0, 10),
    fromVisit: !valid && previousVisit !== null,
    newestOnly,
    filters: { part, kind, ...(newestOnly ? { fromPeriod: newest!.period } : {}) },
  };
}
