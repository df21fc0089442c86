import type { RowValue } from "@/lib/rows-wire";
import { poundsFigure } from "@/lib/tariff-vocabulary";

import type { ColumnKind, DataColumn, DataRow } from "./format";

/**
 * The one CSV writer: every export is a table's rows written for a spreadsheet (ADR 175). UTF-8 with
 * a byte-order mark, so Excel on Windows reads "£" as "£"; RFC 4180 quoting; money as a plain number
 * of pounds and percentages at full precision, their units in the header, so the cells add up.
 *
 * A cell a spreadsheet could run as a formula is prefixed with an apostrophe, following OWASP's CSV
 * injection guidance: one starting with = + - @ (or their full-width forms, which some spreadsheets
 * read as the plain ones), tab or a line break, also after white space a spreadsheet may trim away
 * (Unicode spaces, zero-width ones and a byte-order mark included); and one with such a character
 * after a separator, where a spreadsheet that splits on semicolons, tabs or pipes would start a new
 * cell. A plain decimal number (-1.50) is not prefixed: a spreadsheet reads it as that number and
 * nothing else, so money stays a number, a loss a negative one.
 */
const space = "\\s\\u200B-\\u200D\\u2060\\uFEFF";
const formulaCharacter = "=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20";
const couldRun = new RegExp(
  `^[\\t\\r\\n]|^[${space}]*[${formulaCharacter}]|[,;|\\t\\r\\n][${space}]*[${formulaCharacter}]`,
  "u",
);
const plainNumber = /^-?\d+(\.\d+)?$/;
const byteOrderMark = "\uFEFF";

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  const defused = couldRun.test(text) && !plainNumber.test(text);
  if (defused) text = `'${text}`;
  return defused || /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the byte-order mark, the header, the rows, each line ended CRLF. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return byteOrderMark + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A column's header in the file: the unit a spreadsheet's figures are in, "Basic price (£)", "Change (%)". */
export function csvHeader(column: DataColumn): string {
  if (column.kind === "pence") return `${column.header} (£)`;
  if (column.kind === "percent") return `${column.header.replace(/\s*%$/, "")} (%)`;
  return column.header;
}

/** A cell's value in the file: figures bare (pounds to the penny, percentages as held), dates ISO. */
export function csvValue(value: RowValue | undefined, kind: ColumnKind = "text"): string | null {
  if (value === null || value === undefined || value === "") return null;
  const figure = Number(value);
  const date = kind === "date" ? new Date(String(value)) : null;
  if (kind === "pence" && Number.isFinite(figure)) return poundsFigure(figure);
  if ((kind === "number" || kind === "percent") && Number.isFinite(figure)) return String(figure);
  if (date && !Number.isNaN(date.getTime())) return date.toISOString().slice(0, 10);
  return String(value);
}

/** The CSV of a table's rows, in the order given; drawn columns (a sparkline) are left out. */
export function tableCsv(columns: DataColumn[], rows: DataRow[]): string {
  const written = columns.filter((column) => !column.drawn);
  return toCsv(
    written.map(csvHeader),
    rows.map((row) => written.map((column) => csvValue(row[column.id], column.kind))),
  );
}

/** A safe file name from its parts: "Part VIIIA, England & Wales, November 2026" → "part-viiia-england-wales-2026-11". */
export function csvFileName(parts: string[]): string {
  return `${parts
    .join("-")
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.csv`;
}
