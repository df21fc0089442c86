import path from "node:path";
import type { Readable } from "node:stream";

import { parse } from "csv-parse";

import { readLimits, withinLimits } from "./limits";
import { openText } from "./source";
import { readXlsxRows } from "./xlsx";

/** One physical row of a spreadsheet-like file, with the line (or sheet row) it came from. */
export type Row = { line: number; cells: string[] };

/**
 * NHSBSA's CSVs end lines with CR CR LF (docs/data-formats.md); others use CRLF, LF or CR. Naming all
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

/** Reads a Drug Tariff CSV file (gzipped or not) as rows, within its limits (ADR 160). */
export function readCsvFile(file: string, gzip: boolean): AsyncGenerator<Row> {
  return withinLimits(path.basename(file), readCsvRows(openText(file, gzip)), readLimits.tariff);
}

/** Reads the first worksheet of a Drug Tariff workbook as rows, streaming, within its limits (ADR 160). */
export function readXlsxFile(file: string): AsyncGenerator<Row> {
  return readXlsxRows(file, path.basename(file), readLimits.tariff);
}
