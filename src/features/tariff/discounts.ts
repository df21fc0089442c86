import { sql, type SQL } from "drizzle-orm";

import type { Transaction } from "@/db/client";
import { partTables, type ComputedColumns } from "@/lib/part-tables";
import { periodToDate, type Edition, type PartId, type Period } from "@/lib/tariff-vocabulary";

import { applianceCategoryPattern, categoryRateGroups } from "./reimbursement";

/**
 * Net price after discount deduction, per line (docs/data-formats.md). Each part says which rate group a
 * line belongs to; the rate comes from `discount_rates` as it stood in the line's period, so a
 * change of rate is new data, not new code. A group without a rate that period leaves the net price
 * empty.
 */
type DiscountSpec = {
  /** The line's rate group, an SQL expression over the part's table aliased `x`. */
  group: SQL;
  /** Price column and the net price column it fills. */
  prices: [price: string, net: string][];
};

const concessionThatMonth = sql`exists (
  select 1 from concessions c
  where c.edition = 1 and c.period = x.period and c.vmpp_snomed_code = x.vmpp_snomed_code)`;

/** The Part VIIIA categories with a group of their own, as SQL `when` branches; others are brands. */
const categoryCases = sql.join(
  Object.entries(categoryRateGroups).map(
    ([category, group]) => sql`when x.category = ${category} then ${group}`,
  ),
  sql` `,
);

const specs: Partial<Record<PartId, DiscountSpec>> = {
  // Northern Ireland applies England's concessions, so either edition's line on concession is zero-rated.
  viiia: {
    group: sql`case
      when ${concessionThatMonth} then 'concession'
      ${categoryCases}
      else 'brand' end`,
    prices: [["basic_price_pence", "net_price_pence"]],
  },
  "cat-m": { group: sql`'generic'`, prices: [["basic_price_pence", "net_price_pence"]] },
  viiib: {
    group: sql`'brand'`,
    prices: [
      ["minimum_quantity_price_pence", "net_minimum_quantity_price_pence"],
      ["additional_unit_price_pence", "net_additional_unit_price_pence"],
    ],
  },
  viiid: { group: sql`'brand'`, prices: [["basic_price_pence", "net_price_pence"]] },
  ix: { group: sql`'appliance'`, prices: [["price_pence", "net_price_pence"]] },
  concessions: { group: sql`'concession'`, prices: [["price_pence", "net_price_pence"]] },
  dmd: {
    group: sql`case
      when x.discount_not_deducted then 'dnd'
      when x.drug_tariff_category ~ ${applianceCategoryPattern.source} then 'appliance'
      else 'brand' end`,
    prices: [["nhs_indicative_price_pence", "net_price_pence"]],
  },
  borderline: { group: sql`'brand'`, prices: [["price_pence", "net_price_pence"]] },
};

/** The rate of each group in force for an edition on a date (`YYYY-MM-DD`), in basis points. */
export async function ratesInForce(
  db: Pick<Transaction, "execute">,
  edition: Edition,
  date: string,
): Promise<Map<string, number>> {
  return (await ratesInForceOn(db, [date])).get(`${edition}:${date}`) ?? new Map();
}

/**
 * `ratesInForce` for both editions on many dates in one query, keyed `edition:date`; an edition
 * with no rate recorded by a date has no entry.
 */
export async function ratesInForceOn(
  db: Pick<Transaction, "execute">,
  dates: string[],
): Promise<Map<string, Map<string, number>>> {
  const found = new Map<string, Map<string, number>>();
  if (dates.length === 0) return found;
  const result = await db.execute<{ edition: number; date: string; rate_group: string; rate_bp: number }>(sql`
    select e.edition, m.date, r.rate_group, r.rate_bp
    from (values (1), (2)) e(edition)
    cross join jsonb_array_elements_text(${JSON.stringify([...new Set(dates)])}::jsonb) m(date)
    cross join lateral (
      select distinct on (rate_group) rate_group, rate_bp from discount_rates
      where edition = e.edition and valid_from <= m.date::date
      order by rate_group, valid_from desc) r`);
  for (const row of result.rows) {
    const key = `${row.edition}:${row.date}`;
    const rates = found.get(key) ?? new Map<string, number>();
    rates.set(row.rate_group, Number(row.rate_bp));
    found.set(key, rates);
  }
  return found;
}

const ratesFor = (tx: Transaction, edition: Edition, period: Period) =>
  ratesInForce(tx, edition, periodToDate(period));

/** The rate of a line in basis points: its group's rate this period, as SQL over the line aliased `x`. */
function rateSql(spec: DiscountSpec, rates: Map<string, number>): SQL {
  if (rates.size === 0) return sql`null::integer`;
  const cases = [...rates].map(([group, bp]) => sql`when ${group} then ${bp}::integer`);
  return sql`(case ${spec.group} ${sql.join(cases, sql` `)} else null end)`;
}

const netSql = (price: SQL) => sql`round(${price}::numeric * (10000 - r.rate) / 10000)::integer`;

/**
 * The discount columns of a part, computed as its rows are inserted (a second pass over 66,000
 * Part IX rows would cost as much again as the insert).
 */
export async function discountColumns(
  tx: Transaction,
  part: PartId,
  edition: Edition,
  period: Period,
): Promise<ComputedColumns | undefined> {
  const spec = specs[part];
  if (!spec) return undefined;
  const rate = rateSql(spec, await ratesFor(tx, edition, period));
  return {
    columns: ["discount_rate_bp", ...spec.prices.map(([, net]) => net)],
    lateral: sql`cross join lateral (select ${rate} as rate) r`,
    values: [sql`r.rate`, ...spec.prices.map(([price]) => netSql(sql`x.${sql.identifier(price)}`))],
  };
}

/** Recomputes the discount columns of lines already stored, when what decides their group changed. */
async function applyDiscounts(
  tx: Transaction,
  part: PartId,
  edition: Edition,
  period: Period,
): Promise<void> {
  const spec = specs[part];
  if (!spec) return;
  const table = partTables[part];
  const rate = rateSql(spec, await ratesFor(tx, edition, period));
  const assignments = spec.prices.map(
    ([price, net]) => sql`${sql.identifier(net)} = ${netSql(sql`x.${sql.identifier(price)}`)}`,
  );
  await tx.execute(sql`
    update ${table} t set discount_rate_bp = r.rate, ${sql.join(assignments, sql`, `)}
    from ${table} x cross join lateral (select ${rate} as rate) r
    where t.id = x.id and x.edition = ${edition} and x.period = ${periodToDate(period)}::date
      and t.discount_rate_bp is distinct from r.rate`);
}

/** Concessions change the rate of Part VIIIA lines: both editions' lines for these periods are redone. */
export async function applyConcessionDiscounts(tx: Transaction, periods: Period[]): Promise<void> {
  for (const period of periods) {
    for (const edition of [1, 2] as const) await applyDiscounts(tx, "viiia", edition, period);
  }
}
