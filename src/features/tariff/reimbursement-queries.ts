import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { byDataVersion, dataVersion } from "@/lib/data-version-cache";
import { addMonths, currentPeriod, periodToDate, type Edition, type Period } from "@/lib/tariff-vocabulary";

import { ratesInForce, ratesInForceOn } from "./discounts";
import { zeroDiscountCodes, zeroDiscountReleaseInForce } from "./branded-packs";
import { productPaths } from "./product-metadata";
import { codeRows, productLinesOf, type Line, type ProductKind } from "./product-queries";
import type { MonthStanding, ReimbursementMonth } from "./pack-months";
import {
  editionDifference,
  priceMoney,
  reimburse,
  shortExplanation,
  type PackMoney,
  type ReimbursedKind,
  type Reimbursement,
} from "./reimbursement";

/**
 * The inputs of the reimbursement rule read from the data: each pack's line, the month's concession
 * (England's, which Northern Ireland applies too), the edition's Zero Discount / Discount Not
 * Deducted list in force and the rates in force (`ratesInForce`). Public data only, like the product
 * pages it feeds; `/compare-editions` authorises its subscriber itself.
 */
const editionIds = [1, 2] as const;
const toMonth = (date: string) => date.slice(0, 7);

/** How many months before and including the month in force a product page's table covers. */
export const reimbursementMonths = 12;

/**
 * A pack's expected reimbursement in each edition: every month published ahead of the month in
 * force, then the month in force and the 11 before it, the newest first. A branded pack comes from
 * dm+d, stored once for the UK: each edition reimburses the same list price at its own rates, from
 * the release in force each month.
 */
export async function getProductReimbursement(
  kind: ProductKind,
  code: string,
  now = new Date(),
): Promise<ReimbursementMonth[]> {
  return (await getPacksReimbursement(kind, [code], now)).get(code) ?? [];
}

/** What the rule needs beside a pack's lines, for each month of its table. */
type MonthInputs = {
  concessionPence: (period: Period) => number | null;
  zeroDiscount: (edition: Edition, period: Period) => boolean;
  rates: (edition: Edition, period: Period) => ReadonlyMap<string, number>;
};

/** The months of every table: those published ahead, then the month in force and the 11 before it, newest first. */
function monthsOfTables(inForce: Period, loaded: Period[]): Period[] {
  const coming = [...new Set(loaded.filter((period) => period > inForce))].sort().reverse();
  return [...coming, ...Array.from({ length: reimbursementMonths }, (_, back) => addMonths(inForce, -back))];
}

/** The part whose months (`tariff_datasets`) say which months each edition has published, per kind. */
const partOfKind: Record<ProductKind, string> = { drug: "viiia", appliance: "ix", brand: "dmd" };

/** Each edition's published months of a part (`YYYY-MM`), oldest first; dm+d's releases serve both editions. */
async function publishedMonths(kind: ProductKind): Promise<Record<Edition, Period[]>> {
  const rows = await getDb().execute<{ edition: number; period: string }>(sql`
    select edition, period::text from tariff_datasets where part = ${partOfKind[kind]} order by period`);
  const of = (edition: Edition) =>
    rows.rows.filter((row) => row.edition === edition).map((row) => toMonth(row.period));
  return kind === "brand" ? { 1: of(1), 2: of(1) } : { 1: of(1), 2: of(2) };
}

/**
 * A pack's table from its lines and the month's inputs: the rule applied per month and edition.
 * A monthly part's line is the month's own; a branded pack's is the dm+d release in force.
 */
function reimbursementTable(
  kind: ProductKind,
  lines: Line[],
  periods: Period[],
  inForce: Period,
  published: Record<Edition, Period[]>,
  inputs: MonthInputs,
): ReimbursementMonth[] {
  const newestFirst = [...lines].sort((a, b) => b.period.localeCompare(a.period));
  const lineOf = (edition: Edition, period: Period): Line | undefined =>
    kind === "brand"
      ? newestFirst.find((line) => toMonth(line.period) <= period)
      : newestFirst.find((line) => line.edition === edition && toMonth(line.period) === period);
  const isPublished = (edition: Edition, period: Period) =>
    kind === "brand"
      ? published[edition].some((month) => month <= period)
      : published[edition].includes(period);
  return periods.map((period) => {
    const editions: Partial<Record<Edition, Reimbursement>> = {};
    const standing = {} as Record<Edition, MonthStanding>;
    for (const edition of editionIds) {
      const line = lineOf(edition, period);
      standing[edition] =
        line && line.price !== null
          ? "listed"
          : isPublished(edition, period)
            ? "not-listed"
            : "not-published";
      if (!line || line.price === null) continue;
      editions[edition] = reimburse({
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
      });
    }
    return { period, coming: period > inForce, editions, standing };
  });
}

/**
 * `getProductReimbursement` for many packs of one kind at once, keyed by code (a code no month
 * lists is absent): five queries whatever the number of packs, for the margin check's lists.
 */
export async function getPacksReimbursement(
  kind: ProductKind,
  codes: string[],
  now = new Date(),
): Promise<Map<string, ReimbursementMonth[]>> {
  const linesOf = new Map<string, Line[]>();
  const [found, published] = await Promise.all([
    productLinesOf(kind, [...new Set(codes)]),
    publishedMonths(kind),
  ]);
  for (const line of found) {
    const lines = linesOf.get(line.pack);
    if (lines) lines.push(line);
    else linesOf.set(line.pack, [line]);
  }
  const inForce = currentPeriod(now);
  const periods = monthsOfTables(inForce, [...published[1], ...published[2]]);
  const listed = [...linesOf.keys()];
  // A branded pack is on a Zero Discount / Discount Not Deducted list by its own code or its generic pack's.
  const genericOf = new Map(
    kind === "brand"
      ? found.flatMap((line) => (line.extra_2 ? [[line.pack, line.extra_2] as const] : []))
      : [],
  );
  const dates = periods.map(periodToDate);
  const [concessions, zero, rates] = await Promise.all([
    kind === "drug" ? concessionsOfPacks(listed) : new Map<string, number>(),
    zeroDiscountPacks([...listed, ...genericOf.values()], dates),
    ratesInForceOn(getDb(), dates),
  ]);
  const none = new Map<string, number>();
  return new Map(
    [...linesOf].map(([code, lines]) => [
      code,
      reimbursementTable(kind, lines, periods, inForce, published, {
        concessionPence: (period) => concessions.get(`${code}:${period}`) ?? null,
        zeroDiscount: (edition, period) =>
          [code, genericOf.get(code)].some((known) => known && zero.has(`${edition}:${period}:${known}`)),
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

/** A pack of a month, as the pricing model needs it beside the month's own inputs. */
export type MonthPack = {
  kind: ReimbursedKind;
  /**
   * The codes the pack is known by, its own first: a Part VIIIA pack's VMPP (whose concession it
   * takes), a branded pack's AMPP and VMPP. On the Zero Discount / Discount Not Deducted list by any.
   */
  codes: readonly (string | null)[];
  category: string | null;
  pricePence: number;
  packSize: number | null;
  unit: string | null;
};

/** A month's inputs to the pricing model, as plain pairs and lists (kept per data version). */
async function monthInputs(edition: Edition, period: Period) {
  const date = periodToDate(period);
  const db = getDb();
  const [concessions, zero, rates] = await Promise.all([
    db.execute<{ code: string; price_pence: number }>(sql`
      select distinct on (vmpp_snomed_code) vmpp_snomed_code as code, price_pence from concessions
      where edition = 1 and period = ${date}::date and vmpp_snomed_code is not null order by vmpp_snomed_code, id`),
    zeroDiscountCodes(edition, date),
    ratesInForce(db, edition, date),
  ]);
  return {
    concessions: concessions.rows.map((row) => [row.code, Number(row.price_pence)] as [string, number]),
    zero: [...zero],
    rates: [...rates],
  };
}

/** One edition's month as the pricing model reads it: each pack's money, and with words on asking. */
export type MonthPricing = {
  edition: Edition;
  period: Period;
  money(pack: MonthPack): PackMoney;
  explain(pack: MonthPack): Reimbursement;
};

/**
 * The pricing model for one edition and month (product §3.2): the month's inputs are read once (its
 * concessions, England's, which Northern Ireland applies too; the edition's Zero Discount / Discount
 * Not Deducted list in force; the rates in force), then any number of the month's packs are priced
 * without another query. Every page that shows a pack's money reads it through here or
 * `getPacksReimbursement`, which applies the same rule to each month of a pack's table.
 */
export async function monthPricing(edition: Edition, period: Period): Promise<MonthPricing> {
  // The month's inputs depend on the data alone: read once per data version, not per list or search.
  const { concessions, zero, rates } = await byDataVersion(
    await dataVersion(),
    `pricing|${edition}|${period}`,
    () => monthInputs(edition, period),
  );
  const concessionOf = new Map(concessions);
  const zeroCodes = new Set(zero);
  const rateOf = new Map(rates);
  const input = (pack: MonthPack) => {
    const own = pack.codes[0] ?? null;
    return {
      edition,
      period,
      kind: pack.kind,
      category: pack.category,
      zeroDiscount: pack.codes.some((code) => code !== null && zeroCodes.has(code)),
      pricePence: pack.pricePence,
      concessionPence: pack.kind === "drug" && own !== null ? (concessionOf.get(own) ?? null) : null,
      packSize: pack.packSize,
      unit: pack.unit,
      rates: rateOf,
    };
  };
  return {
    edition,
    period,
    money: (pack) => priceMoney(input(pack)),
    explain: (pack) => reimburse(input(pack)),
  };
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
  /** Months (`YYYY-MM`) both editions loaded the part for, newest first (some may be published ahead). */
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
 * (the month in force, or the latest before it both loaded, unless another is asked for),
 * optionally of one category.
 */
export async function getEditionComparison(options: {
  now?: Date;
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
  // The month asked for, else the month in force, else the latest before it (product §3.1).
  const inForce = currentPeriod(options.now);
  const period =
    periods.find((candidate) => candidate === options.month) ??
    periods.find((candidate) => candidate <= inForce) ??
    periods.at(-1) ??
    null;
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
    monthPricing(1, period),
    monthPricing(2, period),
  ]);
  const kind = comparedParts[part].kind;

  const figures = (row: PairRow, edition: Edition): EditionFigures => {
    const result = (edition === 1 ? englandAndWalesOf : northernIrelandOf).money({
      kind,
      codes: [row.code],
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
