import "server-only";

import { Readable } from "node:stream";

import { readLimits, withinLimits } from "@/features/imports/limits";
import { readCsvRows, type Row } from "@/features/imports/rows";
import { readXlsxRows } from "@/features/imports/xlsx";
import { AppError } from "@/lib/errors";

import { maxMarginFileBytes } from "./margin";

/**
 * A margin-check upload read into rows (ADR 130), within a margin-check file's limits (ADR 160):
 * the bytes are already in memory (10 MB at most), so a workbook is read from them, with no
 * temporary file to leave behind.
 */

const limits = readLimits.margin;

/** Tab-separated rows (pasted from a spreadsheet), each line split at its tabs. */
const tabRows = (text: string): Row[] =>
  text.split(/\r\n|\n|\r/).map((line, at) => ({ line: at + 1, cells: line.split("\t") }));

function rowsOf(fileName: string, bytes: Uint8Array): AsyncIterable<Row> | Iterable<Row> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(fileName)) {
    if (!isZip) throw new Error("not a workbook");
    return readXlsxRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileName, limits);
  }
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  if (text.includes("\u0000")) throw new Error("binary");
  if ((text.split(/\r?\n/, 1)[0] ?? "").includes("\t")) return tabRows(text);
  return readCsvRows(Readable.from([text]));
}

/** The rows of an uploaded CSV or XLSX file, or of pasted rows (tab- or comma-separated). */
export async function readTable(fileName: string, bytes: Uint8Array): Promise<Row[]> {
  if (bytes.byteLength > maxMarginFileBytes)
    throw new AppError("validation", "The file is larger than 10 MB.");
  const rows: Row[] = [];
  try {
    for await (const row of withinLimits(fileName, rowsOf(fileName, bytes), limits)) rows.push(row);
    return rows;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("validation", `${fileName} could not be read as a CSV or XLSX file.`);
  }
}
