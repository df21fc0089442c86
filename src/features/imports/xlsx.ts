import path from "node:path";

import { BadFileError } from "./errors";
import { tooMany, type ReadLimits } from "./limits";
import type { Row } from "./rows";
import { parseWholeXml, parseXml } from "./xml";
import { ZipArchive, type ZipMember } from "./zip";

/**
 * The first worksheet of an XLSX workbook as rows, read as a stream within an upload kind's limits
 * (ADR 160): the zip a member at a time (zip.ts), its XML a chunk at a time (xml.ts), every cell and
 * shared string bounded while it is read, and the shared-string table by its size and count.
 * Cells read as ExcelJS read them with styles ignored: numbers as written (whole ones without a
 * decimal point), booleans TRUE/FALSE, errors empty, rich text as its runs' text.
 */

const sharedStringsWhat = "the workbook's shared-string table";

/** The workbook's own small parts (workbook.xml and its relationships) are never larger than this. */
const maxPartBytes = 4 * 1024 * 1024;

const notAWorkbook = (name: string, why: string) =>
  new BadFileError(name, [{ message: `not a readable XLSX workbook: ${why}` }]);

/** `B12` → 1: the cell's column, counted from 0. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^[A-Z]+/i.exec(reference ?? "")?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

function numberText(text: string): string {
  const value = Number(text);
  if (text.trim() === "" || Number.isNaN(value)) return text;
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
}

function cellValue(type: string, text: string, shared: string[]): string {
  switch (type) {
    case "s":
      return shared[Number(text)] ?? "";
    case "inlineStr":
    case "str":
      return text;
    case "b":
      return text.trim() === "1" ? "TRUE" : "FALSE";
    case "e":
      return "";
    case "d":
      return text.slice(0, 10);
    default:
      return numberText(text);
  }
}

const resolvePart = (target: string) =>
  target.startsWith("/") ? target.slice(1) : path.posix.normalize(path.posix.join("xl", target));

/** The paths of the first worksheet and of the shared strings, from the workbook and its relationships. */
async function locateParts(zip: ZipArchive): Promise<{ sheet: ZipMember; sharedStrings?: ZipMember }> {
  const { name } = zip;
  const part = (file: string) => zip.members.get(file);
  const workbook = part("xl/workbook.xml");
  const relations = part("xl/_rels/workbook.xml.rels");
  if (!workbook || !relations) throw notAWorkbook(name, "it has no xl/workbook.xml");
  const options = { tooLong: () => notAWorkbook(name, "its workbook part is malformed") };

  let firstSheet: string | undefined;
  await parseWholeXml(
    zip.text(workbook, "the workbook part", maxPartBytes),
    {
      open(element, attributes) {
        if (element !== "sheet" || firstSheet !== undefined) return;
        firstSheet = Object.entries(attributes).find(([key]) => /(^|:)id$/.test(key))?.[1];
      },
    },
    options,
  );
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  await parseWholeXml(
    zip.text(relations, "the workbook's relationships", maxPartBytes),
    {
      open(element, attributes) {
        if (element !== "Relationship" || !attributes.Target) return;
        if (attributes.Id) targets.set(attributes.Id, resolvePart(attributes.Target));
        if (attributes.Type?.endsWith("/sharedStrings")) sharedStrings = resolvePart(attributes.Target);
      },
    },
    options,
  );
  const sheet = firstSheet === undefined ? undefined : part(targets.get(firstSheet) ?? "");
  if (!sheet) throw notAWorkbook(name, "it has no worksheet");
  return { sheet, sharedStrings: sharedStrings ? part(sharedStrings) : undefined };
}

/** The shared-string table, held to the kind's size, count and characters per string. */
async function readSharedStrings(zip: ZipArchive, member: ZipMember): Promise<string[]> {
  const { name, limits } = zip;
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  const tooLong = () => tooMany.cellChars(name, limits);
  await parseWholeXml(
    zip.text(member, sharedStringsWhat, limits.sharedStringsBytes),
    {
      open(element) {
        if (element === "si") current = "";
        else if (element === "rPh") phonetic++;
        else if (element === "t" && phonetic === 0) inText = true;
      },
      text(text) {
        if (!inText || current === undefined) return;
        current += text;
        if (current.length > limits.cellChars) throw tooLong();
      },
      close(element) {
        if (element === "t") inText = false;
        else if (element === "rPh") phonetic--;
        else if (element === "si" && current !== undefined) {
          strings.push(current);
          current = undefined;
          if (strings.length > limits.sharedStrings) throw tooMany.sharedStrings(name, limits);
        }
      },
    },
    { tooLong },
  );
  return strings;
}

async function* readSheet(zip: ZipArchive, member: ZipMember, shared: string[]): AsyncGenerator<Row> {
  const { name, limits } = zip;
  const rows: Row[] = [];
  let row: { line: number; cells: string[] } | undefined;
  let cell: { column: number; type: string; text: string } | undefined;
  let inValue = false;
  let phonetic = 0;
  let lastLine = 0;
  let count = 0;
  const tooLong = () => tooMany.cellChars(name, limits, row?.line);
  yield* parseXml<Row>(
    zip.text(member, "the worksheet"),
    {
      open(element, attributes) {
        if (element === "row") {
          lastLine = Number(attributes.r) || lastLine + 1;
          row = { line: lastLine, cells: [] };
        } else if (element === "c" && row) {
          const column = columnOf(attributes.r) ?? row.cells.length;
          if (column >= limits.columns) throw tooMany.columns(name, limits, row.line);
          cell = { column, type: attributes.t ?? "n", text: "" };
        } else if (element === "rPh") phonetic++;
        else if ((element === "v" || element === "t") && cell && phonetic === 0) inValue = true;
      },
      text(text) {
        if (!inValue || !cell) return;
        cell.text += text;
        if (cell.text.length > limits.cellChars) throw tooLong();
      },
      close(element) {
        if (element === "v" || element === "t") inValue = false;
        else if (element === "rPh") phonetic--;
        else if (element === "c" && cell && row) {
          row.cells[cell.column] = cellValue(cell.type, cell.text, shared);
          cell = undefined;
        } else if (element === "row" && row) {
          if (++count > limits.rows) throw tooMany.rows(name, limits, row.line);
          rows.push({ line: row.line, cells: Array.from(row.cells, (value) => value ?? "") });
          row = undefined;
        }
      },
    },
    { tooLong, out: rows },
  );
}

/**
 * Opens the workbook `source` (a path, or its bytes), named `name`, and finds its parts, refusing at
 * once the parts the zip itself says are over the limits.
 */
async function openWorkbook(source: string | Buffer, name: string, limits: ReadLimits) {
  const zip = await ZipArchive.open(source, name, limits);
  try {
    const { sheet, sharedStrings } = await locateParts(zip);
    if (sharedStrings) zip.checkDeclared([sharedStrings], sharedStringsWhat, limits.sharedStringsBytes);
    zip.checkDeclared(sharedStrings ? [sheet, sharedStrings] : [sheet], "the workbook");
    return { zip, sheet, sharedStrings };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Refuses a workbook whose zip says its worksheet or shared strings are over the limits, reading neither. */
export async function checkWorkbookSizes(source: string | Buffer, name: string, limits: ReadLimits) {
  (await openWorkbook(source, name, limits)).zip.close();
}

/** Reads the first worksheet of the workbook `source` (a path, or its bytes), named `name`, as rows. */
export async function* readXlsxRows(
  source: string | Buffer,
  name: string,
  limits: ReadLimits,
): AsyncGenerator<Row> {
  const { zip, sheet, sharedStrings } = await openWorkbook(source, name, limits);
  try {
    const shared = sharedStrings ? await readSharedStrings(zip, sharedStrings) : [];
    yield* readSheet(zip, sheet, shared);
  } finally {
    zip.close();
  }
}
