import { cn } from "@/lib/utils";

import type { DataColumn } from "./format";

/** A row's least height in the table, before it is measured. */
export const rowHeight = 41;

/** The kinds of column that hold figures: right-aligned, sorted as numbers. */
export const numeric = new Set(["pence", "number", "percent"]);

/**
 * Where a cell stands in each layout: in the table from `sm`, where "detail" columns wait for `lg`
 * and the name stays in view when the table scrolls sideways; and in a phone's card, where the name
 * is the title across the card, the key figures follow side by side and the rest come last, two
 * cells wide. Table elements keep explicit roles, as some browsers drop a table's semantics when
 * CSS changes its display.
 */
export function cellPlacement(column: DataColumn, isName: boolean): string {
  return cn(
    numeric.has(column.kind ?? "") && "sm:text-right",
    column.priority === "detail" ? "hidden lg:table-cell" : "max-sm:block max-sm:p-0",
    // From lg the detail columns (codes among them) join the table: the name gives up some width, so
    // a list's codes fit whole beside it on a laptop (1280 px) rather than under the table's edge.
    isName && "max-sm:order-first max-sm:col-span-full sm:sticky sm:left-0 sm:z-[1] sm:min-w-64 lg:min-w-48",
    !isName && !column.priority && "max-sm:order-last max-sm:col-span-2",
  );
}

/**
 * A row's action (e.g. Remove) stays at the table's right edge however far it scrolls sideways, as
 * the name stays at its left: a line on its left parts it from the columns passing under it.
 */
export const stickyAction = "sm:sticky sm:right-0 sm:z-[1] sm:shadow-[inset_1px_0_0_var(--color-border)]";
