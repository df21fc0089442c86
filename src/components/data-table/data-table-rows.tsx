"use client";

import { flexRender, type HeaderGroup } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

import { formatCell, type DataColumn, type DataRow, type MadeValues } from "./format";
import type { RowAction } from "./row-action";
import { cellPlacement, numeric, rowHeight, stickyAction } from "./table-layout";

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

const headerCell = "h-10 bg-muted px-3 py-1 text-left font-medium";

/** The column headers, each a button that sorts by it; on a phone, for assistive technology only. */
export function DataTableHead({
  groups,
  nameId,
  rowAction,
}: {
  groups: HeaderGroup<DataRow>[];
  nameId: string | undefined;
  rowAction: RowAction | undefined;
}) {
  return (
    <thead role="rowgroup" className="sticky top-0 z-10 bg-muted max-sm:sr-only">
      {groups.map((group) => (
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
                // Headers wrap, so a long one ("Net minimum quantity price") does not widen its column.
                className={cn(headerCell, cellPlacement(column, column.id === nameId))}
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
            <th role="columnheader" scope="col" className={cn(headerCell, stickyAction)}>
              {rowAction.header}
            </th>
          )}
        </tr>
      ))}
    </thead>
  );
}

/** How the table's rows draw their cells. */
export type RowDrawing = {
  columns: DataColumn[];
  nameId: string | undefined;
  linkFrom: string | undefined;
  rowAction: RowAction | undefined;
  renderCell: Record<string, (row: DataRow) => ReactNode> | undefined;
  madeValues: MadeValues | undefined;
};

/** One row: a table row from `sm`, a card on a phone, where each cell carries its column's name. */
export function DataTableRow({
  row,
  index,
  measure,
  drawing: { columns, nameId, linkFrom, rowAction, renderCell, madeValues },
}: {
  row: DataRow;
  index: number;
  /** Measures the row once drawn (long names wrap), so the scroll height stays true. */
  measure: (element: HTMLTableRowElement | null) => void;
  drawing: RowDrawing;
}) {
  return (
    <tr
      role="row"
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className="group border-t hover:bg-muted max-sm:grid max-sm:grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] max-sm:gap-x-2 max-sm:gap-y-2 max-sm:p-3"
      style={{ minHeight: rowHeight }}
    >
      {columns.map((column) => {
        const isName = column.id === nameId;
        const text = formatCell(row[column.id], column.kind);
        const href = column.hrefKey ? valueOf(row, column.hrefKey, madeValues) : null;
        const hint = column.hintKey ? valueOf(row, column.hintKey, madeValues) : null;
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
              renderCell[column.id]!(row)
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
          {rowAction.render(row)}
        </td>
      )}
    </tr>
  );
}

/** The height of the rows scrolled out of view, so the scrollbar keeps the whole list's length. */
export function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="max-sm:block">
      <td style={{ height }} colSpan={columns} className="max-sm:block" />
    </tr>
  );
}

/** In place of rows: the status while they load, else the empty message. */
export function NoRows({
  columns,
  loading,
  message,
}: {
  columns: number;
  loading: boolean;
  message: ReactNode;
}) {
  return (
    <tr role="row" className="max-sm:block">
      <td role="cell" colSpan={columns} className="px-3 py-6 text-center text-muted-foreground max-sm:block">
        {loading ? (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
            />
            Loading rows…
          </span>
        ) : (
          message
        )}
      </td>
    </tr>
  );
}
