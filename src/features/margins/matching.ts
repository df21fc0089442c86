import "server-only";

import { and, eq, Param, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import { getDb } from "@/db/client";
import { brandedPacks, marginCorrections, partIxPrices, partViiiaPrices } from "@/db/schema";
import { dataVersion } from "@/lib/data-version-cache";
import { listReaderOf } from "@/features/tariff/lists/readers";
import { resolveListView } from "@/features/tariff/list-view";
import type { ListId } from "@/features/tariff/lists";
import type { Edition } from "@/lib/tariff-vocabulary";

import { NameIndex } from "./likeness";
import {
  choosePack,
  confidenceThreshold,
  looksLikeCode,
  nameConfidence,
  parsePackSize,
  productKey,
  splitPackFromName,
} from "./margin";
import type { ProductKind } from "@/lib/tariff-vocabulary";

export type PackKind = ProductKind;

/**
 * Where each kind of pack is read, in the order a name is looked for: the list whose month in
 * force is read, its table, what names a product there, its pack size, the pack's code and the other
 * codes that name one pack (a GTIN).
 */
type Source = {
  kind: PackKind;
  list: ListId;
  table: PgTable & { edition: AnyPgColumn; period: AnyPgColumn };
  product: SQL;
  size: AnyPgColumn;
  unit: AnyPgColumn;
  pack: AnyPgColumn;
  otherCodes: AnyPgColumn[];
};

const sources: Source[] = [
  {
    kind: "drug",
    list: "partviiia",
    table: partViiiaPrices,
    product: sql`${partViiiaPrices.medicine}`,
    size: partViiiaPrices.packSize,
    unit: partViiiaPrices.unitOfMeasure,
    pack: partViiiaPrices.vmppSnomedCode,
    otherCodes: [],
  },
  {
    kind: "appliance",
    list: "partix",
    table: partIxPrices,
    product: sql`${partIxPrices.ampName}`,
    size: partIxPrices.quantity,
    unit: partIxPrices.quantityUnitOfMeasure,
    pack: partIxPrices.packSnomedCode,
    otherCodes: [partIxPrices.gtin],
  },
  {
    kind: "brand",
    list: "brands",
    table: brandedPacks,
    // An AMPP's name holds its pack ('Istin 5mg tablets (Pfizer) 28 tablet'); its AMP's is the product.
    product: sql`coalesce(${brandedPacks.ampName}, ${brandedPacks.name})`,
    size: brandedPacks.packSize,
    unit: brandedPacks.unitOfMeasure,
    pack: brandedPacks.amppSnomedCode,
    otherCodes: [brandedPacks.gtin],
  },
];

/** A source's month in force for an edition, and the edition its rows are stored under. */
type Month = { source: Source; edition: number; period: string };

/** The month in force of each source for the user's edition (dm+d is stored once, as England's). */
async function monthsInForce(edition: Edition): Promise<Month[]> {
  const version = await dataVersion();
  const months = await Promise.all(
    sources.map(async (source) => {
      const { period } = (await resolveListView(source.list, edition, {}, undefined, version)).choice;
      const stored = listReaderOf(source.list, edition).source.edition;
      return period ? { source, edition: stored, period } : null;
    }),
  );
  return months.filter((month) => month !== null);
}

const inMonth = ({ source, edition, period }: Month) =>
  sql`${source.table.edition} = ${edition} and ${source.table.period} = ${period}::date`;

/** One text array parameter, however many values: `= any(…)` reads one index probe per value. */
const textArray = (values: string[]) => sql`${new Param(values)}::text[]`;
const anyOf = (column: AnyPgColumn | SQL, values: string[]) => sql`${column} = any(${textArray(values)})`;

/** What a line asks for: a name and a code as the user wrote them, and the pack size. */
export type LineToMatch = { name: string | null; code: string | null; packSize: string | null };

/**
 * The pack a line is matched to, or none: `note` says why a line whose product was found has no
 * pack (the sizes the tariff lists), or that its code names none.
 */
export type LineMatch = {
  kind: PackKind | null;
  code: string | null;
  confidence: number;
  matchedBy: "code" | "name" | "correction" | "none";
  note: string | null;
};

/** The key a licence's correction or confirmation is remembered under: the product text and its size. */
export function correctionKey(line: LineToMatch): string {
  const size = sizeOf(line);
  return `${productKey((line.name ?? line.code)!)}${size === null ? "" : `#${size}`}`;
}

/** The line's pack size: its own column, else a size written at the end of its name. */
function sizeOf(line: LineToMatch): number | null {
  return parsePackSize(line.packSize) ?? (line.name ? (splitPackFromName(line.name)?.size ?? null) : null);
}

/**
 * A line being matched: the size of its pack-size column, the name split from a size written at its
 * end, its product once found (`bare` when found by the name without that size), and its match.
 */
type Want = LineToMatch & {
  columnSize: number | null;
  split: { name: string; size: number } | null;
  /** `productKey` of the name, and of the name without the size at its end. */
  key: string | null;
  bareKey: string | null;
  found?: { source: Source; product: string; confidence: number; bare: boolean; similarity?: number };
  match?: LineMatch;
};

const none: LineMatch = { kind: null, code: null, confidence: 0, matchedBy: "none", note: null };

/**
 * Matches lines to packs in sets (ADR 165), a few statements for the whole upload whatever its
 * size: the licence's corrections first; then a code (the line's code column, or a product text
 * written as one) decides the pack; otherwise the name decides the product — the same name (as
 * `productKey` compares names) in Part VIIIA, Part IX, then Branded Products, else the nearest name
 * by trigram likeness, list by list until one is sure enough — and the pack size its pack. Each
 * list's month of products is read once; likeness is measured in memory (`NameIndex`). Answers one
 * match per line, in order.
 */
export async function matchLines(
  owner: { licenceId: string; edition: Edition },
  lines: LineToMatch[],
): Promise<LineMatch[]> {
  const wants = new Map<string, Want>();
  const keyOf = (line: LineToMatch) => JSON.stringify([line.name, line.code, line.packSize]);
  for (const line of lines) {
    const key = keyOf(line);
    if (wants.has(key)) continue;
    const columnSize = parsePackSize(line.packSize);
    const split = line.name && columnSize === null ? splitPackFromName(line.name) : null;
    const nameKey = line.name === null ? null : productKey(line.name);
    wants.set(key, {
      ...line,
      columnSize,
      split,
      key: nameKey,
      bareKey: split ? productKey(split.name) : nameKey,
    });
  }
  const all = [...wants.values()];
  await applyCorrections(owner.licenceId, all);
  const months = await monthsInForce(owner.edition);
  await matchCodes(months, all);
  await matchNames(months, all);
  await choosePacks(months, all);
  return lines.map((line) => wants.get(keyOf(line))!.match ?? none);
}

async function applyCorrections(licenceId: string, wants: Want[]) {
  const keys = [...new Set(wants.map(correctionKey))];
  if (keys.length === 0) return;
  const rows = await getDb()
    .select({ key: marginCorrections.productKey, kind: marginCorrections.kind, code: marginCorrections.code })
    .from(marginCorrections)
    .where(and(eq(marginCorrections.licenceId, licenceId), anyOf(marginCorrections.productKey, keys)));
  const corrected = new Map(rows.map((row) => [row.key, row]));
  for (const want of wants) {
    const row = corrected.get(correctionKey(want));
    if (row)
      want.match = {
        kind: row.kind as PackKind,
        code: row.code,
        confidence: 100,
        matchedBy: "correction",
        note: null,
      };
  }
}

/** The packs the codes name in the months in force, keyed by the code as given (upper case). */
async function packsOfCodes(
  months: Month[],
  codes: string[],
): Promise<Map<string, { kind: PackKind; code: string }>> {
  const spellings = [...new Set(codes.flatMap((code) => [code, code.toUpperCase()]))];
  const found = new Map<string, { kind: PackKind; code: string }>();
  if (spellings.length === 0) return found;
  // In the sources' order: a code Part VIIIA lists is its pack, whatever else lists it.
  for (const month of months) {
    const { source } = month;
    const columns = [source.pack, ...source.otherCodes];
    const rows = await getDb().execute<Record<string, string | null>>(sql`
      select distinct ${sql.join(
        columns.map((column, at) => sql`${column} as c${sql.raw(String(at))}`),
        sql`, `,
      )}
      from ${source.table}
      where ${inMonth(month)} and ${source.pack} is not null
        and (${sql.join(
          columns.map((column) => anyOf(column, spellings)),
          sql` or `,
        )})`);
    for (const row of rows.rows)
      for (let at = 0; at < columns.length; at++) {
        const given = row[`c${at}`];
        if (given && !found.has(given.toUpperCase()))
          found.set(given.toUpperCase(), { kind: source.kind, code: row.c0! });
      }
  }
  return found;
}

async function matchCodes(months: Month[], wants: Want[]) {
  const codeOf = (want: Want) => want.code ?? (want.name && looksLikeCode(want.name) ? want.name : null);
  const open = wants.filter((want) => !want.match && codeOf(want));
  const packs = await packsOfCodes(
    months,
    open.map((want) => codeOf(want)!),
  );
  for (const want of open) {
    const pack = packs.get(codeOf(want)!.toUpperCase());
    if (pack) want.match = { ...pack, confidence: 100, matchedBy: "code", note: null };
    else if (!want.name || want.name === codeOf(want))
      want.match = { ...none, note: `No pack has the code ${codeOf(want)} this month` };
  }
}

async function matchNames(months: Month[], wants: Want[]) {
  const products = new Map<Month, Promise<Map<string, string>>>();
  const productsIn = (month: Month) => {
    if (!products.has(month)) products.set(month, productsOf(month));
    return products.get(month)!;
  };
  for (const month of months) {
    const open = wants.filter((want) => !want.match && want.name && !want.found);
    if (open.length === 0) break;
    const named = await productsIn(month);
    for (const want of open) {
      const whole = named.get(want.key!);
      const bare = want.split ? named.get(want.bareKey!) : undefined;
      if (whole ?? bare)
        want.found = { source: month.source, product: (whole ?? bare)!, confidence: 95, bare: !whole };
    }
  }
  // What no list names exactly: the nearest name, list by list, until one is sure enough or so
  // alike that it is a slip of that list's name, not another list's product.
  for (const month of months) {
    const open = wants.filter(
      (want) =>
        !want.match &&
        want.name &&
        want.bareKey!.length >= 3 &&
        (want.found?.confidence ?? 0) < confidenceThreshold &&
        (want.found?.similarity ?? 0) < slipLikeness,
    );
    if (open.length === 0) break;
    const named = await productsIn(month);
    const keys = [...named.keys()];
    const index = new NameIndex(keys);
    for (const want of open) {
      const term = want.bareKey!;
      const candidate = gradeNearest(
        term,
        index.nearest(term).map((near) => ({ ...near, key: near.name, product: named.get(near.name)! })),
      );
      if (candidate && candidate.confidence > (want.found?.confidence ?? 0))
        want.found = { source: month.source, ...candidate, bare: want.split !== null };
    }
  }
}

/** Every product of a source's month in force, by `productKey`. */
async function productsOf(month: Month): Promise<Map<string, string>> {
  const { source } = month;
  const rows = await getDb().execute<{ product: string }>(sql`
    select distinct ${source.product} as product from ${source.table}
    where ${inMonth(month)} and ${source.pack} is not null and ${source.product} is not null`);
  const products = new Map<string, string>();
  for (const { product } of rows.rows) {
    const key = productKey(product);
    if (!products.has(key)) products.set(key, product);
  }
  return products;
}

/** As alike as a name with a letter or two wrong: pg_trgm's similarity of such a slip is 0.6 to 0.9. */
const slipLikeness = 0.6;

/**
 * The first of a term's nearest products (the most alike first), graded as `nameConfidence` grades
 * it; a grade another of them shares says less, so it counts as unsure.
 */
function gradeNearest(
  term: string,
  nearest: { product: string; key: string; similarity: number }[],
): { product: string; confidence: number; similarity: number } | null {
  const graded = nearest.map(({ product, key, similarity }) => ({
    product,
    similarity,
    confidence: nameConfidence(term, key),
  }));
  if (graded.length === 0) return null;
  const best = graded.reduce((a, b) => (b.confidence > a.confidence ? b : a));
  const shared = graded.some(
    (other) => other !== best && other.product !== best.product && other.confidence === best.confidence,
  );
  return { ...best, confidence: shared ? Math.min(best.confidence, 60) : best.confidence };
}

type Pack = { product: string; size: number | null; code: string };

/** Each found product's pack of the line's size, or the note saying the tariff has none. */
async function choosePacks(months: Month[], wants: Want[]) {
  for (const month of months) {
    const open = wants.filter((want) => !want.match && want.found?.source === month.source);
    if (open.length === 0) continue;
    const { source } = month;
    const names = [...new Set(open.map((want) => want.found!.product))];
    const rows = await getDb().execute<{ product: string; size: string | null; code: string }>(sql`
      select distinct ${source.product} as product, ${source.size} as size, ${source.pack} as code
      from ${source.table}
      where ${inMonth(month)} and ${source.pack} is not null and ${anyOf(source.product, names)}
      order by 1, 2, 3`);
    const packsOf = new Map<string, Pack[]>();
    for (const row of rows.rows) {
      const pack = {
        product: row.product,
        size: row.size === null ? null : Number(row.size),
        code: row.code,
      };
      const list = packsOf.get(pack.product);
      if (list) list.push(pack);
      else packsOf.set(pack.product, [pack]);
    }
    for (const want of open) {
      const { product, confidence, bare } = want.found!;
      const size = want.columnSize ?? (bare ? want.split!.size : null);
      const chosen = choosePack(product, packsOf.get(product) ?? [], size);
      want.match = {
        kind: chosen.pack ? source.kind : null,
        code: chosen.pack?.code ?? null,
        // Several packs of one size (Part IX's colours, say): the first is a guess to be checked.
        confidence: chosen.several ? Math.min(confidence, 60) : confidence,
        matchedBy: "name",
        note: chosen.note,
      };
    }
  }
  for (const want of wants) want.match ??= none;
}

/** The packs of some codes as a line shows them: `Aciclovir 400mg tablets 56 tablet`, keyed `kind:code`. */
export async function describePacks(
  edition: Edition,
  packs: { kind: string | null; code: string | null }[],
): Promise<Map<string, string>> {
  const described = new Map<string, string>();
  const months = await monthsInForce(edition);
  await Promise.all(
    months.map(async (month) => {
      const { source } = month;
      const codes = [
        ...new Set(packs.flatMap((pack) => (pack.kind === source.kind && pack.code ? [pack.code] : []))),
      ];
      if (codes.length === 0) return;
      const rows = await getDb().execute<{
        code: string;
        product: string;
        size: string | null;
        unit: string | null;
      }>(sql`
        select distinct on (${source.pack}) ${source.pack} as code, ${source.product} as product,
          ${source.size} as size, ${source.unit} as unit
        from ${source.table} where ${inMonth(month)} and ${anyOf(source.pack, codes)}
        order by ${source.pack}`);
      for (const row of rows.rows)
        described.set(
          `${source.kind}:${row.code}`,
          [row.product, row.size === null ? null : Number(row.size), row.unit]
            .filter((part) => part !== null && part !== "")
            .join(" ") || row.code,
        );
    }),
  );
  return described;
}

/** The pack a code names in the edition's months in force, or null. */
export async function packOfCode(edition: Edition, code: string) {
  return (await packsOfCodes(await monthsInForce(edition), [code])).get(code.toUpperCase()) ?? null;
}
