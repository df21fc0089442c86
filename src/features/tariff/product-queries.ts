import "server-only";

import { sql, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import type { ProductKind } from "@/lib/tariff-vocabulary";

/**
 * Reads for the public product pages (/drug-info, /appliance-info, /brand-info): one pack, its
 * price in every month loaded for its part, and (for Part VIIIA packs) the concessions granted on
 * it. Its money in force (deduction, net price, month coming) is the pricing model's
 * (`reimbursement-queries.ts`). Public data only: nothing here depends on who asks.
 */
export type { ProductKind };

/** One imported month of the pack's part; a price is null in a month the pack was not listed. */
export type PricePoint = {
  period: string;
  englandPence: number | null;
  northernIrelandPence: number | null;
  concessionPence: number | null;
};

export type ConcessionEntry = {
  period: string;
  pricePence: number;
  tariffPricePence: number | null;
  upliftPence: number | null;
  netPricePence: number | null;
};

export type ProductFact = { label: string; value: string; href?: string };

export type ProductDetail = {
  kind: ProductKind;
  code: string;
  name: string;
  packSize: number | null;
  unit: string | null;
  category: string | null;
  facts: ProductFact[];
  history: PricePoint[];
  concessions: ConcessionEntry[];
};

/** SNOMED CT identifiers are 6 to 18 digits; anything else cannot be a pack and needs no query. */
export function isProductCode(code: string): boolean {
  return /^\d{6,18}$/.test(code);
}

/** One (edition, period) line of a pack, as each kind's source reads it. */
export type Line = {
  edition: number;
  period: string;
  name: string;
  pack_size: string | number | null;
  unit: string | null;
  category: string | null;
  price: number | null;
  net_price: number | null;
  discount_rate_bp: number | null;
  extra_1: string | null;
  extra_2: string | null;
  extra_3: string | null;
};

/**
 * How each kind finds its lines: `lines` yields one row per (edition, period) in the columns of
 * `Line`; `part` names the `tariff_datasets` part whose months make the history's axis.
 */
const sources: Record<ProductKind, { part: string; lines: (code: string | SQL) => SQL }> = {
  drug: {
    part: "viiia",
    lines: (code) => sql`
      select distinct on (edition, period) edition, period::text, medicine as name, pack_size,
        unit_of_measure as unit, category, basic_price_pence as price, net_price_pence as net_price,
        discount_rate_bp, vmp_snomed_code as extra_1, null as extra_2, null as extra_3
      from part_viiia_prices where vmpp_snomed_code = ${code}
      order by edition, period, id`,
  },
  appliance: {
    part: "ix",
    // The pack code first; a product code (several packs) falls back to its first pack by code.
    lines: (code) => sql`
      with by_pack as (select * from part_ix_prices where pack_snomed_code = ${code}),
      chosen as (
        select * from by_pack
        union all
        select * from part_ix_prices
        where product_snomed_code = ${code} and not exists (select 1 from by_pack)
          and pack_snomed_code is not distinct from (
            select min(pack_snomed_code) from part_ix_prices where product_snomed_code = ${code}))
      select distinct on (edition, period) edition, period::text, coalesce(amp_name, vmp_name) as name,
        quantity as pack_size, quantity_unit_of_measure as unit, part as category, price_pence as price,
        net_price_pence as net_price, discount_rate_bp, supplier_name as extra_1, vmp_name as extra_2,
        pack_order_number as extra_3
      from chosen order by edition, period, id`,
  },
  brand: {
    part: "dmd",
    lines: (code) => sql`
      select distinct on (edition, period) edition, period::text, name, pack_size,
        unit_of_measure as unit, drug_tariff_category as category, nhs_indicative_price_pence as price,
        net_price_pence as net_price, discount_rate_bp, supplier as extra_1, vmpp_snomed_code as extra_2,
        vmpp_name as extra_3
      from branded_packs where ampp_snomed_code = ${code}
      order by edition, period, id`,
  },
};

const toMonth = (date: string) => date.slice(0, 7);

function facts(kind: ProductKind, latest: Line): ProductFact[] {
  const list: ProductFact[] = [];
  const add = (label: string, value: string | null, href?: string) => {
    if (value) list.push({ label, value, ...(href ? { href } : {}) });
  };
  if (kind === "drug") add("VMP code", latest.extra_1);
  if (kind === "appliance") {
    add("Supplier", latest.extra_1);
    add("Generic name", latest.extra_2 !== latest.name ? latest.extra_2 : null);
    add("Order number", latest.extra_3);
  }
  if (kind === "brand") {
    add("Supplier", latest.extra_1);
    add(
      "Generic pack",
      latest.extra_3 ?? latest.extra_2,
      latest.extra_2 ? `/drug-info/${latest.extra_2}` : undefined,
    );
  }
  return list;
}

/** Every line of the pack with this code, one per (edition, period), in no particular order. */
export async function productLines(kind: ProductKind, code: string): Promise<Line[]> {
  return (await getDb().execute<Line>(sources[kind].lines(code))).rows;
}

/** A code list as one parameter, read back as rows of `code`: any number of codes, one placeholder. */
export const codeRows = (codes: string[]) => sql`jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb)`;

/**
 * The lines of many packs of one kind in one query, each tagged with the code it was asked for
 * (`pack`): each code is read by the same `lines` as `productLines`, so the answers cannot differ.
 */
export async function productLinesOf(
  kind: ProductKind,
  codes: string[],
): Promise<(Line & { pack: string })[]> {
  if (codes.length === 0) return [];
  const found = await getDb().execute<Line & { pack: string }>(sql`
    select c.code as pack, l.* from ${codeRows(codes)} c(code)
    cross join lateral (${sources[kind].lines(sql`c.code`)}) l`);
  return found.rows;
}

/** The pack with this code, or null when no imported month lists it. */
export async function getProductDetail(kind: ProductKind, code: string): Promise<ProductDetail | null> {
  if (!isProductCode(code)) return null;
  const db = getDb();
  const source = sources[kind];
  const lines = await productLines(kind, code);
  if (lines.length === 0) return null;

  const [months, concessionRows] = await Promise.all([
    db.execute<{ period: string }>(sql`
      select distinct period::text as period from tariff_datasets where part = ${source.part} order by period`),
    kind === "drug"
      ? db.execute<{
          period: string;
          price_pence: number;
          tariff_price_pence: number | null;
          uplift_pence: number | null;
          net_price_pence: number | null;
        }>(sql`
          select distinct on (period) period::text, price_pence, tariff_price_pence, uplift_pence, net_price_pence
          from concessions where vmpp_snomed_code = ${code} order by period, id`)
      : Promise.resolve({ rows: [] }),
  ]);

  // Editions are listed E&W first; the newest line of the newest edition names the pack.
  const byPeriod = [...lines].sort((a, b) => a.period.localeCompare(b.period) || a.edition - b.edition);
  const latest = [...byPeriod].reverse().find((line) => line.edition === 1) ?? byPeriod[byPeriod.length - 1]!;

  const concessionList: ConcessionEntry[] = concessionRows.rows.map((row) => ({
    period: toMonth(row.period),
    pricePence: row.price_pence,
    tariffPricePence: row.tariff_price_pence,
    upliftPence: row.uplift_pence,
    netPricePence: row.net_price_pence,
  }));

  const periods = new Set([
    ...months.rows.map((row) => toMonth(row.period)),
    ...lines.map((l) => toMonth(l.period)),
  ]);
  const priceAt = (edition: number, period: string) =>
    lines.find((line) => line.edition === edition && toMonth(line.period) === period)?.price ?? null;
  const history: PricePoint[] = [...periods].sort().map((period) => ({
    period,
    englandPence: priceAt(1, period),
    northernIrelandPence: priceAt(2, period),
    concessionPence: concessionList.find((entry) => entry.period === period)?.pricePence ?? null,
  }));

  return {
    kind,
    code,
    name: latest.name,
    packSize: latest.pack_size === null ? null : Number(latest.pack_size),
    unit: latest.unit,
    category: latest.category,
    facts: facts(kind, latest),
    history,
    concessions: concessionList,
  };
}
