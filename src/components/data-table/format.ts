import type { RowValue } from "@/lib/rows-wire";
import { formatPence } from "@/lib/tariff-vocabulary";

/** How a column's values are shown. Column definitions are data, so server pages can pass them to the table. */
export type ColumnKind = "text" | "pence" | "number" | "percent" | "date" | "code";

/**
 * What a column is to a reader when room is short. A phone shows each row as a card: the "name"
 * column is its title, the "key" columns (the figures read together: pack, price, net price) come
 * next, side by side, then the columns with no priority. "detail" columns show only on wide
 * screens. The CSV has every column but a drawn one.
 */
export type ColumnPriority = "name" | "key" | "detail";

export type DataColumn = {
  id: string;
  header: string;
  kind?: ColumnKind;
  /** The row key holding this cell's link (e.g. a detail page). */
  hrefKey?: string;
  priority?: ColumnPriority;
  /** The row key holding an explanation of this cell, shown on hover and read by screen readers. */
  hintKey?: string;
  /** Drawn, not written (a sparkline, through the table's `renderCell`): the CSV leaves it out. */
  drawn?: boolean;
};

/** A table row: its values by key (from a rows route, a view over its columns, ADR 153). */
export type DataRow = Record<string, RowValue>;

/** Values made from a row's others in the browser, by the row key they stand for (ADR 149). */
export type MadeValues = Record<string, (row: DataRow) => string | null>;

const whole = new Intl.NumberFormat("en-GB");
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export function formatCell(value: string | number | null | undefined, kind: ColumnKind = "text"): string {
  if (value === null || value === undefined || value === "") return "";
  switch (kind) {
    case "pence":
      return formatPence(Number(value));
    case "number":
      return whole.format(Number(value));
    case "percent":
      return `${Number(value).toFixed(1)}%`;
    case "date":
      return dateFormat.format(new Date(String(value)));
    default:
      return String(value);
  }
}
