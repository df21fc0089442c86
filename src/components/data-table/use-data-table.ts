"use client";

import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useState, useSyncExternalStore, type RefObject } from "react";

import type { DataColumn, DataRow } from "./format";
import { numeric, rowHeight } from "./table-layout";

/** Below Tailwind's `sm` (40rem) each row is a card; a typical card's height, until it is measured. */
const cardHeight = 140;
const cardLayout = "(max-width: 39.99rem)";

/** Whether rows are cards (a phone's width), followed as the window changes. */
function subscribeToCardLayout(onChange: () => void) {
  const query = globalThis.matchMedia?.(cardLayout);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}
const isCardLayout = () => globalThis.matchMedia?.(cardLayout).matches ?? false;
/** The server knows no width: it renders table rows, and so does the browser's first (hydrating) render. */
const isCardLayoutOnServer = () => false;

/** The order a table's rows are in, and how to change it: what the phone's "Sort by" choice shows and sets. */
export type TableSort = { sorting: SortingState; onSortingChange: (sorting: SortingState) => void };

/** The table's rows sorted by the column headers (or the phone's "Sort by" choice), in TanStack's model. */
export function useSortedTable(columns: DataColumn[], rows: DataRow[]) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const definitions = useMemo<ColumnDef<DataRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        // undefined, not null, so that empty cells sort last whichever way (sortUndefined).
        accessorFn: (row) => row[column.id] ?? undefined,
        header: column.header,
        sortUndefined: "last",
        // A drawn cell (a sparkline) has no value to sort by.
        enableSorting: !column.drawn,
        sortingFn: numeric.has(column.kind ?? "text") ? "basic" : "alphanumeric",
        meta: column,
      })),
    [columns],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is not memoised by design
  const table = useReactTable({
    data: rows,
    columns: definitions,
    state: { sorting },
    onSortingChange: setSorting,
    // Every column sorts A→Z / low→high first; TanStack would start numbers high→low.
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const sort: TableSort = { sorting, onSortingChange: setSorting };
  return { table, shown: table.getRowModel().rows, sort };
}

/**
 * The rows in view of `scroller` out of `count`, and the heights of those scrolled past above and
 * below, so the scrollbar keeps the whole list's length.
 */
export function useVirtualRows(count: number, scroller: RefObject<HTMLDivElement | null>) {
  // The estimate decides how many rows the first render holds, so it must be the server's until
  // hydration is over: a phone's card estimate there would render fewer rows than the HTML has.
  const cards = useSyncExternalStore(subscribeToCardLayout, isCardLayout, isCardLayoutOnServer);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is not memoised by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => (cards ? cardHeight : rowHeight),
    overscan: 12,
    // Before the browser has measured anything (and on the server) render a screenful of rows.
    initialRect: { width: 1024, height: 720 },
  });
  useEffect(() => virtualizer.measure(), [cards, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return { items, padTop, padBottom, measureElement: virtualizer.measureElement };
}
