import { sql } from "drizzle-orm";

import type { Transaction } from "@/db/client";
import { dateToPeriod, periodToDate, type Period } from "@/lib/tariff-vocabulary";

/**
 * Price concessions name drugs the way Community Pharmacy England writes them, which is close to
 * dm+d but not the same (`mcg`, `0.5mg`, `(new)`, `Oral Susp SF`, spaces round slashes;
 * docs/data-formats.md). Both sides are normalised the same way and matched on name and pack size, after
 * OpenPrescribing's `regularise_ncso_name`.
 */
export function normaliseMedicineName(name: string): string {
  let text = name.normalize("NFKC").toLowerCase();
  text = text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  text = text.replace(/\(new\)/g, " ").replace(/\*/g, " ");
  text = text.replace(
    /\b0\.(\d+)\s*mg\b/g,
    (_, digits: string) => `${Math.round(Number(`0.${digits}`) * 1e6) / 1e3}microgram`,
  );
  text = text.replace(/(\d)\s*mcg\b/g, "$1microgram").replace(/micrograms\b/g, "microgram");
  text = text.replace(/\bgastro-\s+resistant/g, "gastro-resistant");
  text = text.replace(/\boral susp\b/g, "oral suspension").replace(/\bsf\b/g, "sugar free");
  text = text.replace(/\bcaps\b/g, "capsules").replace(/\btabs\b/g, "tablets");
  text = text.replace(/\s*\/\s*/g, "/").replace(/\/ml\b/g, "/1ml");
  return text.replace(/\s+/g, " ").trim();
}

/** The pack size as a number: concessions write `28`, `100ml`, `2.5`. */
export function packNumber(pack: string | number): number | undefined {
  if (typeof pack === "number") return pack;
  const match = /\d+(\.\d+)?/.exec(pack.replace(/,/g, ""));
  return match ? Number(match[0]) : undefined;
}

export function matchKey(name: string, pack: string | number): string {
  return `${normaliseMedicineName(name)}|${packNumber(pack) ?? ""}`;
}

export type MatchSummary = { lines: number; unmatched: string[] };

/**
 * Matches the concessions of these periods to England & Wales Part VIIIA packs, records each
 * line's tariff price and uplift (concession minus tariff price) when that month's Part VIIIA is
 * loaded, and sums each month up in `concession_months`. A month without its own Part VIIIA is
 * matched on names against the nearest month that has one (earlier first), but gets no tariff
 * price: another month's price would be a wrong uplift.
 */
export async function matchConcessions(tx: Transaction, periods: Period[]): Promise<MatchSummary> {
  const dates = periods.map(periodToDate);
  const lines = await tx.execute<{
    id: number;
    period: string;
    drug: string;
    pack_size: string;
    price: number;
  }>(sql`
    select id, period::text as period, drug, pack_size, price_pence as price
    from concessions where edition = 1 and period = any(${sql.param(dates)}::date[])
    order by period, id`);
  // Most Part VIIIA months are imported with no concessions of their own to match.
  if (lines.rows.length === 0) return { lines: 0, unmatched: [] };

  const referenceOf = await referencePeriods(tx, [...new Set(lines.rows.map((line) => line.period))]);
  const packs = await packsByPeriod(tx, [
    ...new Set([...referenceOf.values()].filter((date) => date !== null)),
  ]);
  const ids: number[] = [];
  const vmpps: (string | null)[] = [];
  const tariffPrices: (number | null)[] = [];
  const unmatched: string[] = [];
  for (const line of lines.rows) {
    const reference = referenceOf.get(line.period) ?? null;
    const pack = reference ? packs.get(reference)?.get(matchKey(line.drug, line.pack_size)) : undefined;
    ids.push(Number(line.id));
    vmpps.push(pack?.vmpp ?? null);
    tariffPrices.push(pack && reference === line.period ? pack.price : null);
    if (!pack) unmatched.push(`${line.drug} ${line.pack_size} (${dateToPeriod(line.period)})`);
  }
  await tx.execute(sql`
    update concessions c set
      vmpp_snomed_code = m.vmpp,
      tariff_price_pence = m.tariff,
      uplift_pence = c.price_pence - m.tariff
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(vmpps)}::text[], ${sql.param(tariffPrices)}::integer[])
      as m(id, vmpp, tariff)
    where c.id = m.id`);
  await tx.execute(
    sql`delete from concession_months where edition = 1 and period = any(${sql.param(dates)}::date[])`,
  );
  await tx.execute(sql`
    insert into concession_months (edition, period, lines, matched_lines, unmatched_lines, total_uplift_pence)
    select 1, period, count(*), count(vmpp_snomed_code), count(*) - count(vmpp_snomed_code), sum(uplift_pence)
    from concessions where edition = 1 and period = any(${sql.param(dates)}::date[])
    group by period`);
  return { lines: lines.rows.length, unmatched };
}

/** For each concession month, the England & Wales Part VIIIA month its lines are matched against. */
async function referencePeriods(tx: Transaction, dates: string[]): Promise<Map<string, string | null>> {
  const references = await tx.execute<{ period: string; reference: string | null }>(sql`
    select p.period::text as period, coalesce(
      (select max(d.period) from tariff_datasets d where d.edition = 1 and d.part = 'viiia' and d.period <= p.period),
      (select min(d.period) from tariff_datasets d where d.edition = 1 and d.part = 'viiia' and d.period > p.period)
    )::text as reference
    from unnest(${sql.param(dates)}::date[]) as p(period)`);
  return new Map(references.rows.map((row) => [row.period, row.reference]));
}

type Pack = { vmpp: string; price: number };

/** Part VIIIA packs of these months by match key (the first pack of a key wins). */
async function packsByPeriod(
  tx: Transaction,
  dates: (string | null)[],
): Promise<Map<string, Map<string, Pack>>> {
  const packs = await tx.execute<{
    period: string;
    medicine: string;
    pack_size: string;
    vmpp: string;
    price: number;
  }>(sql`
    select period::text as period, medicine, pack_size::text as pack_size, vmpp_snomed_code as vmpp, basic_price_pence as price
    from part_viiia_prices
    where edition = 1 and vmpp_snomed_code is not null and period = any(${sql.param(dates)}::date[])
    order by id`);
  const byPeriod = new Map<string, Map<string, Pack>>();
  for (const pack of packs.rows) {
    const keys = byPeriod.get(pack.period) ?? new Map<string, Pack>();
    const key = matchKey(pack.medicine, Number(pack.pack_size));
    if (!keys.has(key)) keys.set(key, { vmpp: pack.vmpp, price: Number(pack.price) });
    byPeriod.set(pack.period, keys);
  }
  return byPeriod;
}

/** Concession months with no Part VIIIA of their own: their match depends on other months' files. */
export async function concessionPeriodsWithoutTariff(tx: Transaction): Promise<Period[]> {
  const result = await tx.execute<{ period: string }>(sql`
    select distinct c.period::text as period from concessions c
    where c.edition = 1 and not exists (
      select 1 from tariff_datasets d where d.edition = 1 and d.part = 'viiia' and d.period = c.period)`);
  return result.rows.map((row) => dateToPeriod(row.period));
}
