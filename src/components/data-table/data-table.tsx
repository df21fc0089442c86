"use client";

import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import Link from "next/link";
import {
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { tableCsv } from "./csv";
import { formatCell, type DataColumn, type DataRow, type MadeValues } from "./format";
import { RowActionContext, type RowAction } from "./row-action";

const rowHeight = 41;
/** Below Tailwind's `sm` (40rem) each row is a card; a typical card's height, until it is measured. */
const cardHeight = 140;
const cardLayout = "(max-width: 39.99rem)";
const numeric = new Set(["pence", "number", "percent"]);

/** How a sort reads for a column's kind, for the phone's "Sort by" choice. */
const sortWords: Record<string, [string, string]> = {
  pence: ["low to high", "high to low"],
  number: ["low to high", "high to low"],
  percent: ["low to high", "high to low"],
  date: ["oldest first", "newest first"],
};

/** A row's value for a key: made from the row where `made` has the key, else the row's own. */
function valueOf(row: DataRow, key: string, made: MadeValues | undefined) {
  const make = made?.[key];
  return make ? make(row) : row[key];
}

/** A row's link, carrying the page it was followed from (`from`) so that page can be returned to. */
function linkWithFrom(href: string, from: string | undefined): string {
  if (!from) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${new URLSearchParams({ from })}`;
}

/**
 * Where a cell stands in each layout: in the table from `sm`, where "detail" columns wait for `lg`
 * and the name stays in view when the table scrolls sideways; and in a phone's card, where the name
 * is the title across the card, the key figures follow side by side and the rest come last, two
 * cells wide. Table elements keep explicit roles, as some browsers drop a table's semantics when
 * CSS changes its display.
 */
function cellPlacement(column: DataColumn, isName: boolean): string {
  return cn(
    numeric.has(column.kind ?? "") && "sm:text-right",
    column.priority === "detail" ? "hidden lg:table-cell" : "max-sm:block max-sm:p-0",
    // From lg the detail columns (codes among them) join the table: the name gives up some width, so
    // a list's codes fit whole beside it on a laptop (1280 px) rather than under the table's edge.
    isName && "max-sm:order-first max-sm:col-span-full sm:sticky sm:left-0 sm:z-[1] sm:min-w-64 lg:min-w-48",
    !isName && !column.priority && "max-sm:order-last max-sm:col-span-2",
  );
}

/** Whether rows are cards (a phone's width), followed as the window changes. */
function subscribeToCardLayout(onChange: () => void) {
  const query = globalThis.matchMedia?.(cardLayout);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}
const isCardLayout = () => globalThis.matchMedia?.(cardLayout).matches ?? false;
/** The server knows no width: it renders table rows, and so does the browser's first (hydrating) render. */
const isCardLayoutOnServer = () => false;

/**
 * A row's action (e.g. Remove) stays at the table's right edge however far it scrolls sideways, as
 * the name stays at its left: a line on its left parts it from the columns passing under it.
 */
const stickyAction = "sm:sticky sm:right-0 sm:z-[1] sm:shadow-[inset_1px_0_0_var(--color-border)]";

/** The height of the rows scrolled out of view, so the scrollbar keeps the whole list's length. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="max-sm:block">
      <td style={{ height }} colSpan={columns} className="max-sm:block" />
    </tr>
  );
}

/**
 * The one table every list page uses: sortable columns, virtual scrolling so a
 * 66,000-row month stays smooth, and a CSV of exactly the rows shown, in the order shown.
 * While `loading`, the frame and headers show with a status in place of the rows (ADR 013).
 */
export function DataTable({
  columns,
  rows,
  caption,
  fileName,
  emptyMessage = "No rows to show.",
  loading = false,
  linkFrom,
  rowAction: ownRowAction,
  renderCell,
  madeValues,
}: {
  columns: DataColumn[];
  rows: DataRow[];
  caption: string;
  fileName: string;
  /** Shown in the table when there are no rows: a sentence, or a message with an action. */
  emptyMessage?: ReactNode;
  loading?: boolean;
  /** The address of the page the table is on, with its query: row links carry it (`linkWithFrom`). */
  linkFrom?: string;
  /** A control at the end of each row; without one, any `RowActionContext` around the table gives it. */
  rowAction?: RowAction;
  /** Cells drawn rather than written (e.g. a sparkline), by column id; the CSV writes the row's value, or leaves a `drawn` column out. */
  renderCell?: Record<string, (row: DataRow) => ReactNode>;
  /**
   * Row values the browser makes from the row's others, by the key a column's `hrefKey` or
   * `hintKey` names: links and explanations a big list's answer need not carry (ADR 149). Only
   * the rows in view are asked.
   */
  madeValues?: MadeValues;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const aroundRowAction = useContext(RowActionContext);
  const rowAction = ownRowAction ?? aroundRowAction;
  const nameId = (columns.find((column) => column.priority === "name") ?? columns[0])?.id;
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
  const shown = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  // The estimate decides how many rows the first render holds, so it must be the server's until
  // hydration is over: a phone's card estimate there would render fewer rows than the HTML has.
  const cards = useSyncExternalStore(subscribeToCardLayout, isCardLayout, isCardLayoutOnServer);
  const virtualizer = useVirtualizer({
    count: shown.length,
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
  const [sortedBy] = sorting;
  const sortId = useId();
  const sortable = columns.filter((column) => column.priority !== "detail" && !column.drawn);

  function download() {
    const csv = tableCsv(
      columns,
      shown.map((row) => row.original),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {loading
            ? "Loading rows…"
            : `${shown.length.toLocaleString("en-GB")} ${shown.length === 1 ? "row" : "rows"}`}
        </p>
        {/* A phone has no column headers to press: the order is chosen here. */}
        <div className="order-last flex w-full items-center gap-2 text-sm sm:hidden">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={sortedBy ? `${sortedBy.id}:${sortedBy.desc ? "desc" : "asc"}` : ""}
            onChange={(event) => {
              const [id, direction] = event.target.value.split(":");
              setSorting(id ? [{ id, desc: direction === "desc" }] : []);
            }}
            className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <option value="">List order</option>
            {sortable.flatMap((column) => {
              const [up, down] = sortWords[column.kind ?? ""] ?? ["A to Z", "Z to A"];
              return [
                <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
                  {column.header}, {up}
                </option>,
                <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
                  {column.header}, {down}
                </option>,
              ];
            })}
          </select>
        </div>
        <Button variant="outline" size="sm" onClick={download} disabled={shown.length === 0}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {/* `relative`: the cells' visually hidden hints are positioned, and must be clipped here, not widen the page. */}
      <div
        ref={scroller}
        className="relative max-h-[70vh] min-w-0 overflow-auto rounded-lg border"
        tabIndex={0}
        role="region"
        aria-label={caption}
        aria-busy={loading}
      >
        <table role="table" className="w-full text-sm max-sm:block" aria-rowcount={shown.length + 1}>
          <caption className="sr-only">{caption}</caption>
          {/* On a phone the headers are for assistive technology only: each card labels its cells. */}
          <thead role="rowgroup" className="sticky top-0 z-10 bg-muted max-sm:sr-only">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row">
                {group.headers.map((header) => {
                  const column = header.column.columnDef.meta as DataColumn;
                  const sorted = header.column.getIsSorted();
                  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      role="columnheader"
                      scope="col"
                      aria-sort={
                        column.drawn
                          ? undefined
                          : sorted === "asc"
                            ? "ascending"
                            : sorted === "desc"
                              ? "descending"
                              : "none"
                      }
                      className={cn(
                        // Headers wrap, so a long one ("Net minimum quantity price") does not widen its column.
                        "h-10 bg-muted px-3 py-1 text-left font-medium",
                        cellPlacement(column, column.id === nameId),
                      )}
                    >
                      <span className={column.drawn ? undefined : "sm:hidden"}>{column.header}</span>
                      {!column.drawn && (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex min-h-8 items-center gap-1 rounded-sm px-1 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none max-sm:hidden"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                        </button>
                      )}
                    </th>
                  );
                })}
                {rowAction && (
                  <th
                    role="columnheader"
                    scope="col"
                    className={cn("h-10 bg-muted px-3 py-1 text-left font-medium", stickyAction)}
                  >
                    {rowAction.header}
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup" className="max-sm:block">
            {padTop > 0 && <Spacer height={padTop} columns={columns.length + (rowAction ? 1 : 0)} />}
            {items.map((item) => {
              const row = shown[item.index]!;
              return (
                <tr
                  key={row.id}
                  role="row"
                  // Long names wrap: each row is measured, so the scroll height stays true.
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  className="group border-t hover:bg-muted max-sm:grid max-sm:grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] max-sm:gap-x-2 max-sm:gap-y-2 max-sm:p-3"
                  style={{ minHeight: rowHeight }}
                >
                  {columns.map((column) => {
                    const isName = column.id === nameId;
                    const text = formatCell(row.original[column.id], column.kind);
                    const href = column.hrefKey ? valueOf(row.original, column.hrefKey, madeValues) : null;
                    const hint = column.hintKey ? valueOf(row.original, column.hintKey, madeValues) : null;
                    return (
                      <td
                        key={column.id}
                        role="cell"
                        className={cn(
                          "px-3 py-2 align-middle",
                          numeric.has(column.kind ?? "") && "tabular-nums",
                          column.kind === "code" && "font-mono text-xs",
                          isName && "max-sm:font-medium sm:bg-background sm:group-hover:bg-muted",
                          cellPlacement(column, isName),
                        )}
                      >
                        {!isName && (
                          <span aria-hidden="true" className="block text-xs text-muted-foreground sm:hidden">
                            {column.header}
                          </span>
                        )}
                        {renderCell?.[column.id] ? (
                          renderCell[column.id]!(row.original)
                        ) : hint ? (
                          <span title={String(hint)}>
                            {text}
                            <span className="sr-only"> ({String(hint)})</span>
                          </span>
                        ) : href ? (
                          <Link
                            href={linkWithFrom(String(href), linkFrom)}
                            className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-2 hover:underline"
                            prefetch={false}
                          >
                            {text}
                          </Link>
                        ) : (
                          text
                        )}
                      </td>
                    );
                  })}
                  {rowAction && (
                    <td
                      role="cell"
                      className={cn(
                        "px-3 py-2 align-middle max-sm:order-last max-sm:col-span-full max-sm:p-0",
                        stickyAction,
                        "sm:bg-background sm:group-hover:bg-muted",
                      )}
                    >
                      {rowAction.render(row.original)}
                    </td>
                  )}
                </tr>
              );
            })}
            {padBottom > 0 && <Spacer height={padBottom} columns={columns.length + (rowAction ? 1 : 0)} />}
            {shown.length === 0 && (
              <tr role="row" className="max-sm:block">
                <td
                  role="cell"
                  colSpan={columns.length + (rowAction ? 1 : 0)}
                  className="px-3 py-6 text-center text-muted-foreground max-sm:block"
                >
                  {loading ? (
                    <span className="inline-flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
                      />
                      Loading rows…
                    </span>
                  ) : (
                    emptyMessage
                  )}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
