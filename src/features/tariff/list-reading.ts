import "server-only";

import {
  and,
  asc,
  eq,
  exists,
  getTableColumns,
  getTableName,
  inArray,
  not,
  or,
  Param,
  sql,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import type { DataRow } from "@/components/data-table/format";
import { getDb } from "@/db/client";
import { tariffNames } from "@/db/schema";
import type { PartId } from "@/lib/tariff-vocabulary";
import type { Edition } from "@/lib/tariff-vocabulary";

import { matchCode, matchTerm } from "./matcher";

/**
 * What a list's rows are narrowed by: the URL's `searchTerm` and the part's drop-downs. `names`,
 * when given, says which of a table's distinct names the term matches, so that several lists read
 * for one search match the term against the names once (`namesMatcher`).
 */
export type ListQuery = {
  /**
   * `YYYY-MM`: the month the rows are priced for, when the period read is an earlier release still
   * in force (a Category M quarter, a dm+d release); the period's own month otherwise.
   */
  month?: string;
  searchTerm?: string;
  filters?: Record<string, string | undefined>;
  names?: NamesMatcher;
  /** Only records with one of these codes (any of the list's `codes` columns). */
  codes?: readonly string[];
  /** Only `take` records from the `skip`th on, in the list's order: a page of the data API. */
  window?: { skip: number; take: number };
};

/**
 * The distinct names of one table (`tariff_names.source`) that a term matches: `exact`ly (every word
 * of the term at a word start), and in `all` (exactly or nearly), for a list with no exact match.
 */
export type NamesMatcher = (source: string, term: string) => Promise<MatchedNames>;
export type MatchedNames = { exact: readonly string[]; all: readonly string[] };

/**
 * Matches a term against the distinct names of every table in one statement, the first time a
 * table's names are asked for, and answers every table from it: what the matcher's conditions
 * cost is paid once per term, not once per list (ADR 144). The names are those `matchByName`'s
 * subqueries find, so the rows and their order are the same either way.
 */
export function namesMatcher(): NamesMatcher {
  const read = new Map<string, Promise<Map<string, { exact: string[]; all: string[] }>>>();
  const readAll = async (term: string) => {
    const names = matchTerm(tariffNames.name, term);
    const bySource = new Map<string, { exact: string[]; all: string[] }>();
    if (!names) return bySource;
    const rows = await getDb()
      .select({ source: tariffNames.source, name: tariffNames.name, exact: sql<boolean>`${names.exact}` })
      .from(tariffNames)
      .where(or(names.exact, names.near));
    for (const { source, name, exact } of rows) {
      let found = bySource.get(source);
      if (!found) bySource.set(source, (found = { exact: [], all: [] }));
      if (exact) found.exact.push(name);
      found.all.push(name);
    }
    return bySource;
  };
  return async (source, term) => {
    let all = read.get(term);
    if (!all) read.set(term, (all = readAll(term)));
    return (await all).get(source) ?? { exact: [], all: [] };
  };
}

/**
 * Where a list's data comes from for an edition: the imported part whose periods it follows, and
 * the edition whose rows it shows.
 */
export type ListSource = { part: PartId; edition: Edition };

/** What the global search shows of a list's record (ADR 051). */
export type ListHit = {
  name: string;
  pack: string | null;
  /** The tariff category the pack is in (Category A, Part IXA, …), where its part gives one. */
  category: string | null;
  code: string | null;
  /** The pack's own page; none where the list has no page per pack. */
  href: string | null;
  pricePence: number | null;
  netPricePence: number | null;
  /** The concession granted on the pack that month (null: none), from a list that prices Part VIIIA packs or lists concessions. */
  concessionPence?: number | null;
};

/**
 * How a list's search found its rows: some match the term exactly (a code, or every word at a word
 * start); none does and near matches are shown; or nothing matches at all.
 */
export type TermMatch = "exact" | "near" | "none";

/** A list's first records in its own order, and how many match in all. */
export type FirstRecords<R> = { records: R[]; total: number };

/**
 * Items made from others one at a time, as they are asked for, and again on each pass: a list's
 * rows made from its records this way are never all held at once beside them (ADR 146). The items
 * may come a batch at a time from the database (an async sequence), so the made ones do too.
 */
export function mapLazily<T, U>(
  items: Iterable<T> | AsyncIterable<T>,
  make: (item: T) => U,
): AsyncIterable<U> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const item of items) yield make(item);
    },
  };
}

/** Every item of batches that come one after another, in order. */
export async function* eachOf<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** One list as an edition reads it: its source, its rows for the table, and its drop-downs' values. */
export type ListReader = {
  source: ListSource;
  /**
   * The table's rows, made as they are read from the database a batch at a time (`mapLazily`,
   * ADR 185): read them once, in order. A wrapper maps each row with `mapLazily` too.
   */
  rows(period: string, query: ListQuery): Promise<AsyncIterable<DataRow>>;
  filterOptions(period: string): Promise<Record<string, string[]>>;
  /** How the search term matches the rows `rows` gives for the same query; null without a term. */
  termMatch(period: string, query: ListQuery): Promise<TermMatch | null>;
  /** Present for the lists the global search reads: the first `limit` rows as results, and the count. */
  search?(period: string, query: ListQuery, limit: number): Promise<{ hits: ListHit[]; total: number }>;
};

/** How a list reads its records (the tariff's own values) and how its table and the search show one. */
export type ListParts<R> = {
  source: ListSource;
  /** Every matching record in the list's order, a bounded batch at a time (`recordsPerBatch`). */
  read(period: string, query: ListQuery): AsyncIterable<R[]>;
  first(period: string, query: ListQuery, limit: number): Promise<FirstRecords<R>>;
  termMatch(period: string, query: ListQuery): Promise<TermMatch | null>;
  filterOptions?(period: string): Promise<Record<string, string[]>>;
  /**
   * The record as the table's row: where its values become words. The links and explanations a
   * big list's table makes itself from the row are not in it (`lists/made-values.ts`, ADR 149).
   */
  toRow(record: R): DataRow;
  toHit?(record: R): ListHit;
};

/** A reader from a list's typed parts: each list keeps its record type to itself. */
export function listReader<R>(parts: ListParts<R>): ListReader {
  const { source, read, first, termMatch, toRow, toHit } = parts;
  return {
    source,
    rows: async (period, query) => mapLazily(eachOf(read(period, query)), toRow),
    termMatch,
    filterOptions: parts.filterOptions ?? (async () => ({})),
    search:
      toHit &&
      (async (period, query, limit) => {
        const { records, total } = await first(period, query, limit);
        return { hits: records.map(toHit), total };
      }),
  };
}

/** A table of imported rows, each marked with its edition and period, and keyed by its own id. */
export type DatasetTable = PgTable & { id: AnyPgColumn; edition: AnyPgColumn; period: AnyPgColumn };

/**
 * Records read in one statement while a list's rows are built: the most a build holds of them at
 * once, whatever the month's size (a real Part IX month is 66,000 records).
 */
export const recordsPerBatch = 2_000;

/** How a list reads one table: what a search matches, what its drop-downs narrow, and its own order. */
export type DatasetList<T extends DatasetTable> = {
  source: ListSource;
  table: T;
  /** The name a search matches and ranks. */
  name: AnyPgColumn;
  /** Codes a search term may equal exactly (SNOMED CT ids, GTINs, order numbers). */
  codes: AnyPgColumn[];
  /** The list's drop-downs, by name, and the column each narrows. */
  filters?: Record<string, AnyPgColumn>;
  /** The rows the list keeps of its dataset (a dm+d flag), when not all. */
  only?: SQL;
  /** The list's own order, after a search's ranking. */
  order: AnyPgColumn[];
};

/**
 * The distinct names of one table (`tariff_names.source`) that a term matches, as a subquery: those
 * that match exactly, or those that match nearly (none at all when `unless` holds).
 */
function tableNamesMatching(source: string, term: string, kind: "exact" | "near", unless?: SQL) {
  const match = matchTerm(tariffNames.name, term)!;
  return getDb()
    .select({ name: tariffNames.name })
    .from(tariffNames)
    .where(and(eq(tariffNames.source, source), match[kind], unless && not(unless)));
}

/** How a list's rows match a term: the condition, whether any row matches exactly, and the ranking. */
type RowMatch = { where: SQL; anyExact: SQL; order: SQL[] };

/**
 * How a term matches a list's rows (ADR 097, 180): the term is matched against the table's distinct
 * names in `tariff_names` (a few thousand, trigram-indexed) and the month's rows are then read by
 * name, or by one of their codes. The rows that match exactly are the answer; only when the list's
 * `scope` (its month, its own rows and its drop-downs' choices) has none are its near matches read.
 * The rows are ranked as ADR 050 and 096 say.
 *
 * The check that no row matches exactly reads the same table inside the outer statement, under the
 * same name, so that the scope's and the match's conditions can be used as they are: in SQL a
 * subquery's own `from` hides the outer one of the same name, which makes the check one look-up of
 * the scope, done once, not once per row.
 */
function matchByName(
  list: DatasetList<DatasetTable>,
  term: string | undefined,
  scope: SQL | undefined,
  matched?: MatchedNames,
): RowMatch | undefined {
  const ranked = matchTerm(list.name, term, list.codes);
  if (!ranked) return undefined;
  const source = getTableName(list.table);
  // `= any(…)`, not `in (…)`: an index condition on the month's rows, read by name. The names are
  // the search's, matched for every table at once, or the table's own.
  const named = (names: readonly string[] | ReturnType<typeof tableNamesMatching>) =>
    Array.isArray(names)
      ? sql`${list.name} = any(${new Param(names)}::text[])`
      : sql`${list.name} = any(array(${names}))`;
  const exact = or(
    matchCode(term, list.codes),
    named(matched?.exact ?? tableNamesMatching(source, term!, "exact")),
  )!;
  const anyExact = exists(
    getDb()
      .select({ one: sql`1` })
      .from(list.table as PgTable)
      .where(and(scope, exact)),
  );
  // Without names given, the near names are matched only when no row matches exactly: their likeness
  // is the dearest part of a search.
  const near = matched
    ? and(not(anyExact), named(matched.all))!
    : named(tableNamesMatching(source, term!, "near", anyExact));
  return { where: or(exact, near)!, anyExact, order: ranked.order };
}

/**
 * Reading a list's table for one (edition, period): its records and the values of its drop-downs.
 * A list read this way also honours a query's `codes` and `window`.
 */
export function datasetQuery<T extends DatasetTable>(list: DatasetList<T>) {
  const { source, table, order } = list;
  const filters = Object.entries(list.filters ?? {});
  const inDataset = (period: string, ...conditions: (SQL | undefined)[]) =>
    and(eq(table.edition, source.edition), eq(table.period, period), list.only, ...conditions);
  /** The rows the list shows before a search: the period's, narrowed by the drop-downs. */
  const scopeOf = (period: string, query: ListQuery) =>
    inDataset(
      period,
      ...filters.map(([name, column]) => {
        const value = query.filters?.[name];
        return value ? eq(column, value) : undefined;
      }),
      query.codes && or(...list.codes.map((column) => inArray(column, [...query.codes!]))),
    );
  const select = (
    period: string,
    query: ListQuery,
    columns: Record<string, unknown>,
    matched?: MatchedNames,
  ) => {
    const scope = scopeOf(period, query);
    const search = matchByName(list, query.searchTerm, scope, matched);
    return getDb()
      .select(columns as ReturnType<typeof getTableColumns<PgTable>>)
      .from(table as PgTable)
      .where(and(scope, search?.where))
      .orderBy(...(search?.order ?? []), ...order.map((column) => asc(column)));
  };
  const columns = getTableColumns(table as PgTable);
  return {
    source,
    /**
     * The matching records in the list's order, `recordsPerBatch` at a time (ADR 185): the ids in
     * order first (eight bytes a record), then each batch of records by id. Nothing holds a
     * connection or, on the embedded database, its one session between batches, as a cursor would.
     * An import that replaces the month meanwhile gives its rows new ids: the ones gone are left out,
     * and the answer is kept under the data version read before it, which no later request asks for.
     */
    async *read(period: string, query: ListQuery): AsyncGenerator<T["$inferSelect"][]> {
      // A window (the data API's page) is cut by the database: a page of a real Part IX month
      // holds its own ids, not the month's 66,000.
      const all = select(period, query, { id: table.id });
      const { window } = query;
      const ordered = (await (window ? all.limit(window.take).offset(window.skip) : all)) as { id: number }[];
      const ids = Float64Array.from(ordered, (row) => row.id);
      ordered.length = 0;
      for (let start = 0; start < ids.length; start += recordsPerBatch) {
        const batch = Array.from(ids.subarray(start, start + recordsPerBatch));
        const records = (await getDb()
          .select(columns)
          .from(table as PgTable)
          .where(sql`${table.id} = any(${new Param(batch)}::bigint[])`)) as T["$inferSelect"][];
        const byId = new Map(records.map((record) => [(record as { id: number }).id, record]));
        yield batch.flatMap((id): T["$inferSelect"][] => {
          const record = byId.get(id);
          return record === undefined ? [] : [record];
        });
      }
    },
    /**
     * The first rows and the count in one statement: the matching rows are found and ranked once
     * either way, and a second statement for the count measured slower under load (ADR 097).
     */
    async first(period: string, query: ListQuery, limit: number): Promise<FirstRecords<T["$inferSelect"]>> {
      const matched =
        query.names && query.searchTerm
          ? await query.names(getTableName(table), query.searchTerm)
          : undefined;
      const rows = (await select(
        period,
        query,
        { ...columns, total: sql<number>`(count(*) over ())::int`.as("total") },
        matched,
      ).limit(limit)) as (T["$inferSelect"] & { total: number })[];
      return {
        records: rows.map(({ total: _, ...record }) => record as T["$inferSelect"]),
        total: rows[0]?.total ?? 0,
      };
    },
    /** How the query's term matches the rows `read` gives for it: one statement of two look-ups. */
    async termMatch(period: string, query: ListQuery): Promise<TermMatch | null> {
      const scope = scopeOf(period, query);
      const search = matchByName(list, query.searchTerm, scope);
      if (!search) return null;
      const anyRow = exists(
        getDb()
          .select({ one: sql`1` })
          .from(table as PgTable)
          .where(and(scope, search.where)),
      );
      // A case reads the second look-up only when the first finds nothing.
      const { rows } = await getDb().execute<{ match: TermMatch }>(
        sql`select case when ${search.anyExact} then 'exact' when ${anyRow} then 'near' else 'none' end as match`,
      );
      return rows[0]!.match;
    },
    async filterOptions(period: string): Promise<Record<string, string[]>> {
      const options = await Promise.all(
        filters.map(async ([name, column]) => {
          const rows = await getDb()
            .selectDistinct({ value: column })
            .from(table as PgTable)
            .where(inDataset(period))
            .orderBy(asc(column));
          const values = rows
            .map((row): unknown => row.value)
            .filter((value): value is string => typeof value === "string" && value !== "");
          return [name, values] as const;
        }),
      );
      return Object.fromEntries(options);
    },
  };
}

/** A list read from one table, as a reader: its query paired with its row and search mappers. */
export function datasetReader<T extends DatasetTable>(
  list: DatasetList<T> & Pick<ListParts<T["$inferSelect"]>, "toRow" | "toHit">,
): ListReader {
  return listReader({ ...datasetQuery(list), toRow: list.toRow, toHit: list.toHit });
}
