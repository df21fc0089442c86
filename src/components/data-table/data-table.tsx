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
import { useMemo, useRef, useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { toCsv } from "./csv";
import { formatCell, type DataColumn, type DataRow } from "./format";

const rowHeight = 41;
const numeric = new Set(["pence", "number", "percent"]);

/**
 * The one table every list page uses (ARCHITECTURE.md): sortable columns, virtual scrolling so a
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
}: {
  columns: DataColumn[];
  rows: DataRow[];
  caption: string;
  fileName: string;
  /** Shown in the table when there are no rows: a sentence, or a message with an action. */
  emptyMessage?: ReactNode;
  loading?: boolean;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const definitions = useMemo<ColumnDef<DataRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        // undefined, not null, so that empty cells sort last whichever way (sortUndefined).
        accessorFn: (row) => row[column.id] ?? undefined,
        header: column.header,
        sortUndefined: "last",
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
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Before the browser has measured anything (and on the server) render a screenful of rows.
    initialRect: { width: 1024, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  function download() {
    const csv = toCsv(
      columns.map((column) => column.header),
      shown.map((row) => columns.map((column) => formatCell(row.original[column.id], column.kind))),
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
        <table className="w-full text-sm" aria-rowcount={shown.length + 1}>
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 z-10 bg-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header, index) => {
                  const column = header.column.columnDef.meta as DataColumn;
                  const sorted = header.column.getIsSorted();
                  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                      className={cn(
                        "h-10 px-3 text-left font-medium whitespace-nowrap",
                        numeric.has(column.kind ?? "") && "text-right",
                        column.wide && "hidden lg:table-cell",
                        index === 0 && "min-w-44 sm:min-w-64",
                      )}
                    >
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true">
                <td style={{ height: padTop }} colSpan={columns.length} />
              </tr>
            )}
            {items.map((item) => {
              const row = shown[item.index]!;
              return (
                <tr
                  key={row.id}
                  // Long names wrap: each row is measured, so the scroll height stays true.
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  className="border-t hover:bg-muted/40"
                  style={{ minHeight: rowHeight }}
                >
                  {columns.map((column, index) => {
                    const text = formatCell(row.original[column.id], column.kind);
                    const href = column.hrefKey ? row.original[column.hrefKey] : null;
                    const hint = column.hintKey ? row.original[column.hintKey] : null;
                    return (
                      <td
                        key={column.id}
                        className={cn(
                          "px-3 py-2 align-middle",
                          numeric.has(column.kind ?? "") && "text-right tabular-nums",
                          column.kind === "code" && "font-mono text-xs",
                          column.wide && "hidden lg:table-cell",
                          index === 0 && "min-w-44 sm:min-w-64",
                        )}
                      >
                        {hint ? (
                          <span title={String(hint)}>
                            {text}
                            <span className="sr-only"> ({String(hint)})</span>
                          </span>
                        ) : href ? (
                          <Link
                            href={String(href)}
                            className="font-medium text-primary underline-offset-2 hover:underline"
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
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true">
                <td style={{ height: padBottom }} colSpan={columns.length} />
              </tr>
            )}
            {shown.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-muted-foreground">
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
