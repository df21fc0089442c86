import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { ratesInForce, ratesInForceOn } from "@/features/insights/discounts";
import { addMonths, periodToDate, type Edition, type Period } from "@/lib/tariff-vocabulary";

import { zeroDiscountCodes, zeroDiscountReleaseInForce } from "./branded-packs";
import { productPaths } from "./product-metadata";
import { codeRows, productLinesOf, type Line, type ProductKind } from "./product-queries";
import { editionDifference, reimburse, shortExplanation, type Reimbursement } from "./reimbursement";

/**
 * The inputs of the reimbursement rule read from the data: each pack's line, the month's concession
 * (England's, which Northern Ireland applies too), the edition's Zero Discount / Discount Not
 * Deducted list in force and the rates in force (`ratesInForce`). Public data only, like the product
 * pages it feeds; `/compare-editions` authorises its subscriber itself.
 */
const editionIds = [1, 2] as const;
const toMonth = (date: string) => date.slice(0, 7);

/** One month of a pack's table: each edition's reimbursement, absent where the edition did not list it. */
export type ReimbursementMonth = { period: Period; editions: Partial<Record<Edition, Reimbursement>> };

/** How many months a product page's table covers, the newest first. */
export const reimbursementMonths = 12;

/**
 * A pack's expected reimbursement in each edition over the 12 months ending with the newest month
 * that lists it. A branded pack comes from dm+d, stored once for the UK: each edition reimburses
 * the same list price at its own rates.
 */
export async function getProductReimbursement(
  kind: ProductKind,
  code: string,
): Promise<ReimbursementMonth[]> {
  return (await getPacksReimbursement(kind, [code])).get(code) ?? [];
}

/** What the rule needs beside a pack's lines, for each month of its table. */
type MonthInputs = {
  concessionPence: (period: Period) => number | null;
  zeroDiscount: (edition: Edition, period: Period) => boolean;
  rates: (edition: Edition, period: Period) => ReadonlyMap<string, number>;
};

/** The 12 months ending with the newest month that lists the pack, the newest first. */
function monthsOfTable(lines: Line[]): Period[] {
  const newest = toMonth(
    lines
      .map((line) => line.period)
      .sort()
      .at(-1)!,
  );
  return Array.from({ length: reimbursementMonths }, (_, back) => addMonths(newest, -back));
}

/** A pack's table from its lines and the month's inputs: the rule applied per month and edition. */
function reimbursementTable(
  kind: ProductKind,
  lines: Line[],
  periods: Period[],
  inputs: MonthInputs,
): ReimbursementMonth[] {
  const lineOf = (edition: Edition, period: Period): Line | undefined =>
    lines.find((line) => (kind === "brand" || line.edition === edition) && toMonth(line.period) === period);
  return periods.map((period) => ({
    period,
    editions: Object.fromEntries(
      editionIds.flatMap((edition) => {
        const line = lineOf(edition, period);
        if (!line || line.price === null) return [];
        return [
          [
            edition,
            reimburse({
              edition,
              period,
              kind,
              category: line.category,
              zeroDiscount: inputs.zeroDiscount(edition, period),
              pricePence: line.price,
              concessionPence: inputs.concessionPence(period),
              packSize: line.pack_size === null ? null : Number(line.pack_size),
              unit: line.unit,
              rates: inputs.rates(edition, period),
            }),
          ],
        ];
      }),
    ),
  }));
}

/**
 * `getProductReimbursement` for many packs of one kind at once, keyed by code (a code no month
 * lists is absent): four queries whatever the number of packs, for the margin check's lists.
 */
export async function getPacksReimbursement(
  kind: ProductKind,
  codes: string[],
): Promise<Map<string, ReimbursementMonth[]>> {
  const linesOf = new Map<string, Line[]>();
  for (const line of await productLinesOf(kind, [...new Set(codes)])) {
    const lines = linesOf.get(line.pack);
    if (lines) lines.push(line);
    else linesOf.set(line.pack, [line]);
  }
  const tables = [...linesOf].map(([code, lines]) => ({ code, lines, periods: monthsOfTable(lines) }));
  const listed = [...linesOf.keys()];
  const dates = [...new Set(tables.flatMap((table) => table.periods))].map(periodToDate);
  const [concessions, zero, rates] = await Promise.all([
    kind === "drug" ? concessionsOfPacks(listed) : new Map<string, number>(),
    zeroDiscountPacks(listed, dates),
    ratesInForceOn(getDb(), dates),
  ]);
  const none = new Map<string, number>();
  return new Map(
    tables.map(({ code, lines, periods }) => [
      code,
      reimbursementTable(kind, lines, periods, {
        concessionPence: (period) => concessions.get(`${code}:${period}`) ?? null,
        zeroDiscount: (edition, period) => zero.has(`${edition}:${period}:${code}`),
        rates: (edition, period) => rates.get(`${edition}:${periodToDate(period)}`) ?? none,
      }),
    ]),
  );
}

/** Each pack's concession price per month (England's, stored once), keyed `code:period`. */
async function concessionsOfPacks(vmpps: string[]): Promise<Map<string, number>> {
  if (vmpps.length === 0) return new Map();
  const rows = await getDb().execute<{ code: string; period: string; price_pence: number }>(sql`
    select distinct on (vmpp_snomed_code, period) vmpp_snomed_code as code, period::text, price_pence
    from concessions where edition = 1 and vmpp_snomed_code in (select * from ${codeRows(vmpps)})
    order by vmpp_snomed_code, period, id`);
  return new Map(rows.rows.map((row) => [`${row.code}:${toMonth(row.period)}`, Number(row.price_pence)]));
}

/** The `edition:period:code` triples in which a code is on the edition's list in force that month. */
async function zeroDiscountPacks(codes: string[], dates: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await getDb().execute<{ edition: number; period: string; code: string }>(sql`
    select distinct e.edition, m.period, c.code
    from (values (1), (2)) e(edition)
    cross join jsonb_array_elements_text(${JSON.stringify(dates)}::jsonb) m(period)
    join zero_discount z on z.edition = e.edition
      and z.period = ${zeroDiscountReleaseInForce(sql`e.edition`, sql`m.period`)}
    join ${codeRows(codes)} c(code) on c.code in (z.vmpp_snomed_code, z.ampp_snomed_code)`);
  return new Set(rows.rows.map((row) => `${row.edition}:${toMonth(row.period)}:${row.code}`));
}

/** A pack of a list's month, as the reimbursement rule needs it beside the month's own inputs. */
export type MonthPack = {
  code: string | null;
  category: string | null;
  pricePence: number;
  packSize: number | null;
  unit: string | null;
};

/**
 * The reimbursement rule for one kind of pack, edition and month, with the month's inputs read once
 * (its concessions, the Zero Discount / Discount Not Deducted list and the rates in force): then any
 * number of the month's packs are reimbursed without another query.
 */
export async function monthReimbursement(
  kind: ProductKind,
  edition: Edition,
  period: Period,
): Promise<(pack: MonthPack) => Reimbursement> {
  const date = periodToDate(period);
  const db = getDb();
  const [concessions, zero, rates] = await Promise.all([
    kind === "drug"
      ? db.execute<{ code: string; price_pence: number }>(sql`
          select distinct on (vmpp_snomed_code) vmpp_snomed_code as code, price_pence from concessions
          where edition = 1 and period = ${date}::date and vmpp_snomed_code is not null order by vmpp_snomed_code, id`)
      : Promise.resolve({ rows: [] }),
    zeroDiscountCodes(edition, date),
    ratesInForce(db, edition, date),
  ]);
  const concessionOf = new Map(concessions.rows.map((row) => [row.code, Number(row.price_pence)]));
  return (pack) =>
    reimburse({
      edition,
      period,
      kind,
      category: pack.category,
      zeroDiscount: pack.code !== null && zero.has(pack.code),
      pricePence: pack.pricePence,
      concessionPence: pack.code === null ? null : (concessionOf.get(pack.code) ?? null),
      packSize: pack.packSize,
      unit: pack.unit,
      rates,
    });
}

/** The parts whose packs both editions price: Part VIIIA (Part I) and Part IX (Parts II & III). */
export const comparedParts = {
  viiia: { kind: "drug", label: "Part VIIIA / Part I" },
  ix: { kind: "appliance", label: "Part IX / Parts II & III" },
} as const satisfies Record<string, { kind: ProductKind; label: string }>;

export type ComparedPart = keyof typeof comparedParts;

export type EditionFigures = {
  pricePence: number;
  concessionPence: number | null;
  rateBp: number | null;
  perPackPence: number | null;
  perUnitPence: number | null;
  /** The reimbursement in one line ("20% off £10.00"). */
  explanation: string;
};

export type ComparedPack = {
  code: string;
  name: string;
  href: string;
  packSize: number | null;
  unit: string | null;
  /** England & Wales' category (Part VIIIA) or part (Part IX). */
  category: string;
  englandAndWales: EditionFigures;
  northernIreland: EditionFigures;
  /** Northern Ireland less England & Wales, per pack, and as a percentage of England & Wales'. */
  differencePence: number;
  differencePercent: number | null;
};

export type EditionComparison = {
  /** Months (`YYYY-MM`) both editions loaded the part for, newest first. */
  periods: Period[];
  period: Period | null;
  categories: string[];
  /** The category shown, if one of `categories` was asked for. */
  category: string | null;
  /** Packs priced by both editions that month (after the category filter). */
  total: number;
  /** The packs that differ most, by the absolute difference per pack. */
  packs: ComparedPack[];
};

/** How many packs the comparison lists: the largest differences, not every pack of Part IX. */
export const comparisonLimit = 500;

type PairRow = {
  code: string;
  name: string;
  pack_size: string | number | null;
  unit: string | null;
  category: string;
  ew_price: number;
  ni_category: string;
  ni_price: number;
};

const pairs: Record<ComparedPart, (date: string, category: string | null) => ReturnType<typeof sql>> = {
  viiia: (date, category) => sql`
    select distinct on (e.vmpp_snomed_code) e.vmpp_snomed_code as code, e.medicine as name, e.pack_size,
      e.unit_of_measure as unit, e.category, e.basic_price_pence as ew_price, n.category as ni_category,
      n.basic_price_pence as ni_price
    from part_viiia_prices e
    join part_viiia_prices n on n.edition = 2 and n.period = e.period and n.vmpp_snomed_code = e.vmpp_snomed_code
    where e.edition = 1 and e.period = ${date}::date ${category ? sql`and e.category = ${category}` : sql``}
    order by e.vmpp_snomed_code, e.id, n.id`,
  ix: (date, category) => sql`
    select distinct on (e.pack_snomed_code) e.pack_snomed_code as code, coalesce(e.amp_name, e.vmp_name) as name,
      e.quantity as pack_size, e.quantity_unit_of_measure as unit, e.part as category, e.price_pence as ew_price,
      n.part as ni_category, n.price_pence as ni_price
    from part_ix_prices e
    join part_ix_prices n on n.edition = 2 and n.period = e.period and n.pack_snomed_code = e.pack_snomed_code
    where e.edition = 1 and e.period = ${date}::date ${category ? sql`and e.part = ${category}` : sql``}
    order by e.pack_snomed_code, e.id, n.id`,
};

const categoryColumn: Record<ComparedPart, ReturnType<typeof sql>> = {
  viiia: sql`select distinct category from part_viiia_prices`,
  ix: sql`select distinct part as category from part_ix_prices`,
};

/**
 * The packs of a part whose expected reimbursement differs most between the editions in a month
 * (the newest month both loaded, unless another is asked for), optionally of one category.
 */
export async function getEditionComparison(options: {
  part: ComparedPart;
  month?: string;
  category?: string;
}): Promise<EditionComparison> {
  const { part } = options;
  const db = getDb();
  const loaded = await db.execute<{ period: string }>(sql`
    select period::text from tariff_datasets where part = ${part}
    group by period having count(distinct edition) = 2 order by period desc`);
  const periods = loaded.rows.map((row) => toMonth(row.period));
  const period = periods.find((candidate) => candidate === options.month) ?? periods[0] ?? null;
  if (!period) return { periods, period, categories: [], category: null, total: 0, packs: [] };
  const date = periodToDate(period);
  const categories = (
    await db.execute<{ category: string }>(
      sql`${categoryColumn[part]} where edition = 1 and period = ${date}::date order by category`,
    )
  ).rows.map((row) => row.category);
  // A category of the other part (left in the address when the part changed) is no filter.
  const category = categories.find((candidate) => candidate === options.category) ?? null;

  const [found, englandAndWalesOf, northernIrelandOf] = await Promise.all([
    db.execute<PairRow>(pairs[part](date, category)),
    monthReimbursement(comparedParts[part].kind, 1, period),
    monthReimbursement(comparedParts[part].kind, 2, period),
  ]);
  const kind = comparedParts[part].kind;

  const figures = (row: PairRow, edition: Edition): EditionFigures => {
    const result = (edition === 1 ? englandAndWalesOf : northernIrelandOf)({
      code: row.code,
      category: edition === 1 ? row.category : row.ni_category,
      pricePence: Number(edition === 1 ? row.ew_price : row.ni_price),
      packSize: row.pack_size === null ? null : Number(row.pack_size),
      unit: row.unit,
    });
    return {
      pricePence: result.pricePence,
      concessionPence: result.concessionPence,
      rateBp: result.rateBp,
      perPackPence: result.perPackPence,
      perUnitPence: result.perUnitPence,
      explanation: shortExplanation(result),
    };
  };

  const compared = found.rows.flatMap((row): ComparedPack[] => {
    const englandAndWales = figures(row, 1);
    const northernIreland = figures(row, 2);
    const difference = editionDifference(englandAndWales.perPackPence, northernIreland.perPackPence);
    if (!difference) return [];
    return [
      {
        code: row.code,
        name: row.name,
        href: `${productPaths[kind]}/${row.code}`,
        packSize: row.pack_size === null ? null : Number(row.pack_size),
        unit: row.unit,
        category: row.category,
        englandAndWales,
        northernIreland,
        differencePence: difference.pence,
        differencePercent: difference.percent,
      },
    ];
  });
  compared.sort(
    (a, b) => Math.abs(b.differencePence) - Math.abs(a.differencePence) || a.name.localeCompare(b.name),
  );
  return {
    periods,
    period,
    categories,
    category,
    total: compared.length,
    packs: compared.slice(0, comparisonLimit),
  };
}
