import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

import { parse } from "csv-parse";
import type ExcelJS from "exceljs";

import { BadFileError } from "./errors";
import { maxDecompressedBytes, megabytes, openText } from "./source";

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

/**
 * Inflates every member of an XLSX workbook (a zip) without keeping it, and refuses the file once the
 * members together pass `limit`: a zip's declared sizes can lie, and ExcelJS would inflate whatever
 * is there. Reading a real Part IX workbook this way costs a fraction of a second.
 */
export async function assertXlsxWithinLimit(file: string, limit: number = maxDecompressedBytes.text) {
  const { default: JSZip } = await import("jszip");
  const tooLarge = () =>
    new BadFileError(path.basename(file), [
      {
        message: `the workbook holds more than ${megabytes(limit)} once decompressed: too large to be a tariff file`,
      },
    ]);
  const stat = await fs.promises.stat(file);
  if (stat.size > limit) throw tooLarge();
  const zip = await JSZip.loadAsync(await fs.promises.readFile(file));
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      // JSZip's stream is an old-style one, without async iteration.
      const stream = entry.nodeStream("nodebuffer");
      stream
        .on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > limit) {
            stream.pause();
            reject(tooLarge());
          }
        })
        .on("error", reject)
        .on("end", () => resolve())
        .resume();
    });
  }
}

/** Reads the first worksheet of an XLSX file as rows, streaming (a Part IX workbook is large). */
export async function* readXlsxFile(file: string): AsyncGenerator<Row> {
  await assertXlsxWithinLimit(file);
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
