import type { Readable } from "node:stream";

import { parse } from "csv-parse";
import type ExcelJS from "exceljs";

import { openText } from "./source";

/** One physical row of a spreadsheet-like file, with the line (or sheet row) it came from. */
export type Row = { line: number; cells: string[] };

/**
 * NHSBSA's CSVs end lines with CR CR LF (DATA-FORMATS §1.2); others use CRLF, LF or CR. Naming all
 * of them keeps each published row one record and its line number right.
 */
const recordDelimiters = ["\r\r\n", "\r\n", "\n", "\r"];

/** Reads CSV text (from any stream of strings) as rows, quoted commas and line breaks included. */
export async function* readCsvRows(text: Readable): AsyncGenerator<Row> {
  const parser = parse({
    record_delimiter: recordDelimiters,
    relax_column_count: true,
    relax_quotes: true,
    bom: true,
    info: true,
    skip_empty_lines: false,
    // A record this long is not a Drug Tariff row: stop rather than buffer a junk file whole.
    max_record_size: 1_000_000,
  });
  text.on("error", (error) => parser.destroy(error));
  text.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield { line: info.lines, cells: record };
  }
}

export function readCsvFile(file: string, gzip: boolean): AsyncGenerator<Row> {
  return readCsvRows(openText(file, gzip));
}

/** Excel cell values come as numbers, dates, rich text, formulas or hyperlinks: all read as their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("text" in value) return String(value.text);
  if ("error" in value) return "";
  return String(value);
}

/** Reads the first worksheet of an XLSX file as rows, streaming (a Part IX workbook is large). */
export async function* readXlsxFile(file: string): AsyncGenerator<Row> {
  // Loaded only for workbooks: ExcelJS adds tens of megabytes to every import process otherwise.
  const { default: excel } = await import("exceljs");
  const workbook = new excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      // ExcelJS rows are 1-based (index 0 is always empty) and sparse where cells are blank.
      yield { line: row.number, cells: Array.from(values.slice(1), (value) => cellText(value)) };
    }
    return;
  }
}
