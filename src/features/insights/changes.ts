import { sql, type SQL } from "drizzle-orm";

import type { Transaction } from "@/db/client";
import { partTables } from "@/lib/part-tables";
import { dateToPeriod, periodToDate, type Edition, type PartId, type Period } from "@/lib/tariff-vocabulary";

/**
 * Month-to-month changes of a part (docs/data-formats.md): additions, deletions, price changes and
 * category changes between a period and the previous period loaded for that part. Each part says
 * how its rows are keyed and what to compare, as SQL over its table aliased `x`.
 */
type ChangeSpec = {
  key: SQL;
  code: SQL;
  vmp: SQL;
  name: SQL;
  packSize: SQL;
  unit: SQL;
  price: SQL;
  category?: SQL;
};

const none = sql`null`;

/** The columns most parts share: a medicine's pack, keyed by its VMPP. */
const medicinePack = {
  code: sql`x.vmpp_snomed_code`,
  vmp: sql`x.vmp_snomed_code`,
  name: sql`x.medicine`,
  packSize: sql`x.pack_size`,
  unit: sql`x.unit_of_measure`,
  price: sql`x.basic_price_pence`,
};

const specs: Partial<Record<PartId, ChangeSpec>> = {
  viiia: {
    ...medicinePack,
    key: sql`coalesce(x.vmpp_snomed_code, 'name:' || x.medicine || '|' || x.pack_size::text || '|' || coalesce(x.unit_of_measure, ''))`,
    category: sql`x.category`,
  },
  "cat-m": { ...medicinePack, key: sql`x.vmpp_snomed_code`, vmp: none },
  viiib: {
    ...medicinePack,
    key: sql`coalesce(x.vmp_snomed_code, x.medicine) || '|' || coalesce(x.formulations, '')`,
    code: sql`x.minimum_quantity_vmpp_snomed_code`,
    packSize: sql`x.minimum_quantity`,
    price: sql`x.minimum_quantity_price_pence`,
  },
  viiid: {
    ...medicinePack,
    key: sql`coalesce(x.vmpp_snomed_code, x.medicine) || '|' || coalesce(x.formulations, '')`,
  },
  // Keyed on the pack code alone: GTINs are not stable from one month's file to the next (a few pack
  // codes repeat with different GTINs; one of them is compared). Rows without a pack code fall back
  // to their names.
  ix: {
    key: sql`coalesce(x.pack_snomed_code,
      'name:' || coalesce(x.vmp_name, '') || '|' || coalesce(x.supplier_name, '') || '|' || coalesce(x.quantity::text, ''))`,
    code: sql`x.pack_snomed_code`,
    vmp: none,
    name: sql`coalesce(x.amp_name, x.vmp_name)`,
    packSize: sql`x.quantity`,
    unit: sql`x.quantity_unit_of_measure`,
    price: sql`x.price_pence`,
  },
};

export function hasChanges(part: PartId): boolean {
  return specs[part] !== undefined;
}

/** The loaded periods of a part next to `period`: the one before and the one after. */
export async function neighbours(
  tx: Transaction,
  edition: Edition,
  part: PartId,
  period: Period,
): Promise<{ previous?: Period; next?: Period }> {
  const result = await tx.execute<{ previous: string | null; next: string | null }>(sql`
    select
      (select max(period) from tariff_datasets where edition = ${edition} and part = ${part} and period < ${periodToDate(period)}::date)::text as previous,
      (select min(period) from tariff_datasets where edition = ${edition} and part = ${part} and period > ${periodToDate(period)}::date)::text as next`);
  const row = result.rows[0]!;
  return {
    previous: row.previous ? dateToPeriod(row.previous) : undefined,
    next: row.next ? dateToPeriod(row.next) : undefined,
  };
}

/** Recomputes the changes into `period` from the previous loaded period (none for the first one). */
export async function recomputeChanges(
  tx: Transaction,
  edition: Edition,
  part: PartId,
  period: Period,
): Promise<void> {
  const spec = specs[part];
  if (!spec) return;
  const table = partTables[part];
  const at = periodToDate(period);
  await tx.execute(sql`
    delete from tariff_changes where edition = ${edition} and part = ${part} and period = ${at}::date`);
  const { previous } = await neighbours(tx, edition, part, period);
  const present = await tx.execute(sql`
    select 1 from tariff_datasets where edition = ${edition} and part = ${part} and period = ${at}::date`);
  if (!previous || present.rows.length === 0) return;
  const before = periodToDate(previous);
  const lines = (date: string) => sql`
    select distinct on (${spec.key}) ${spec.key} as key, ${spec.code} as code, ${spec.vmp} as vmp,
      ${spec.name} as name, ${spec.packSize} as pack_size, ${spec.unit} as unit, ${spec.price} as price,
      ${spec.category ?? none}::text as category
    from ${table} x where x.edition = ${edition} and x.period = ${date}::date
    order by ${spec.key}, x.id`;
  await tx.execute(sql`
    insert into tariff_changes (edition, part, period, previous_period, change, item_key, vmp_snomed_code, code,
      name, pack_size, unit_of_measure, old_price_pence, new_price_pence, price_change_pence,
      price_change_percent, old_category, new_category)
    with n as (${lines(at)}), o as (${lines(before)}),
    -- One full join (a hash or merge join, whatever the planner thinks of the row counts) pairs
    -- each key's new and old line; each pair yields up to one row per kind of change.
    p as (
      select n.key as n_key, n.code as n_code, n.vmp as n_vmp, n.name as n_name, n.pack_size as n_pack,
        n.unit as n_unit, n.price as n_price, n.category as n_category,
        o.key as o_key, o.code as o_code, o.vmp as o_vmp, o.name as o_name, o.pack_size as o_pack,
        o.unit as o_unit, o.price as o_price, o.category as o_category
      from n full join o on o.key = n.key)
    select ${edition}::smallint, ${part}::text, ${at}::date, ${before}::date, c.change,
      coalesce(n_key, o_key), coalesce(n_vmp, o_vmp), coalesce(n_code, o_code), coalesce(n_name, o_name),
      coalesce(n_pack, o_pack), coalesce(n_unit, o_unit), o_price, n_price,
      case when c.change in ('price_change', 'category_change') then n_price - o_price end,
      case when c.change = 'price_change' and o_price > 0 then round((n_price - o_price) * 100.0 / o_price, 2) end,
      o_category, n_category
    from p cross join lateral (values
      (case when o_key is null then 'addition' end),
      (case when n_key is null then 'deletion' end),
      (case when n_key is not null and o_key is not null and n_price <> o_price then 'price_change' end),
      (case when n_key is not null and o_key is not null and n_category is distinct from o_category
        then 'category_change' end)
    ) as c(change)
    where c.change is not null`);
  // A deletion and an addition of the same VMP in one period are one pack replaced by another.
  await tx.execute(sql`
    with pairs as (
      select vmp_snomed_code as vmp,
        max(code) filter (where change = 'addition') as added,
        max(code) filter (where change = 'deletion') as deleted
      from tariff_changes
      where edition = ${edition} and part = ${part} and period = ${at}::date
        and change in ('addition', 'deletion') and vmp_snomed_code is not null
      group by vmp_snomed_code
      having count(*) filter (where change = 'addition') = 1 and count(*) filter (where change = 'deletion') = 1)
    update tariff_changes t
    set paired_code = case t.change when 'addition' then pairs.deleted else pairs.added end
    from pairs
    where t.edition = ${edition} and t.part = ${part} and t.period = ${at}::date
      and t.change in ('addition', 'deletion') and t.vmp_snomed_code = pairs.vmp`);
}
