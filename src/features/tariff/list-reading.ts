import "server-only";

import { and, asc, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import type { DataRow } from "@/components/data-table/format";
import { getDb } from "@/db/client";
import type { PartId } from "@/features/imports/parts";
import type { Edition } from "@/lib/tariff-vocabulary";

import { matchTerm, type Match } from "./matcher";

/** What a list's rows are narrowed by: the URL's `searchTerm` and the part's drop-downs. */
export type ListQuery = { searchTerm?: string; filters?: Record<string, string | undefined> };

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
  /** Set by a list whose records are concessions; the search looks the others' up. */
  concessionPence?: number;
};

/** One list as an edition reads it: its source, its rows for the table, and its drop-downs' values. */
export type ListReader = {
  source: ListSource;
  rows(period: string, query: ListQuery): Promise<DataRow[]>;
  filterOptions(period: string): Promise<Record<string, string[]>>;
  /** Present for the lists the global search reads. */
  hits?(period: string, query: ListQuery): Promise<ListHit[]>;
};

/** How a list reads its records (the tariff's own values) and how its table and the search show one. */
export type ListParts<R> = {
  source: ListSource;
  read(period: string, query: ListQuery): Promise<R[]>;
  filterOptions?(period: string): Promise<Record<string, string[]>>;
  /** The record as the table's row: the only place its values become words and links. */
  toRow(record: R, period: string): DataRow;
  toHit?(record: R): ListHit;
};

/** A reader from a list's typed parts: each list keeps its record type to itself. */
export function listReader<R>(parts: ListParts<R>): ListReader {
  const { source, read, toRow, toHit } = parts;
  return {
    source,
    rows: async (period, query) => (await read(period, query)).map((record) => toRow(record, period)),
    filterOptions: parts.filterOptions ?? (async () => ({})),
    hits: toHit && (async (period, query) => (await read(period, query)).map(toHit)),
  };
}

/** A table of imported rows, each marked with its edition and period. */
export type DatasetTable = PgTable & { edition: AnyPgColumn; period: AnyPgColumn };

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
  /** A search other than the name's own (Part IX matches its distinct names, then joins back). */
  match?: (term: string | undefined) => Match | undefined;
};

/** Reading a list's table for one (edition, period): its records and the values of its drop-downs. */
export function datasetQuery<T extends DatasetTable>(list: DatasetList<T>) {
  const { source, table, order } = list;
  const filters = Object.entries(list.filters ?? {});
  const match = list.match ?? ((term) => matchTerm(list.name, term, list.codes));
  const inDataset = (period: string, ...conditions: (SQL | undefined)[]) =>
    and(eq(table.edition, source.edition), eq(table.period, period), list.only, ...conditions);
  return {
    source,
    async read(period: string, query: ListQuery): Promise<T["$inferSelect"][]> {
      const search = match(query.searchTerm);
      const narrowed = filters.map(([name, column]) => {
        const value = query.filters?.[name];
        return value ? eq(column, value) : undefined;
      });
      return (await getDb()
        .select()
        .from(table as PgTable)
        .where(inDataset(period, search?.where, ...narrowed))
        .orderBy(...(search?.order ?? []), ...order.map((column) => asc(column)))) as T["$inferSelect"][];
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
