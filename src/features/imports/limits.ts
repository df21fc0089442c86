import { BadFileError } from "./errors";
import type { Row } from "./rows";
import { maxDecompressedBytes } from "./source";

/**
 * What one kind of upload may hold once read (docs/security.md, "Uploads"; ADR 160). A few hundred
 * kilobytes of zip can inflate to gigabytes, and one cell or shared string can be most of that: each
 * kind is held to what its real files need, with room to spare, and refused past it naming the limit.
 */
export type ReadLimits = {
  /** What the kind is called in a refusal ("a margin-check file"). */
  kind: string;
  /** Members of a zip (a workbook holds a few dozen). */
  members: number;
  /** What the members read from a zip may hold together once inflated. */
  inflatedBytes: number;
  /** A workbook's shared-string table: its size once inflated and its number of strings. */
  sharedStringsBytes: number;
  sharedStrings: number;
  /** Characters in one cell, shared string or XML field. */
  cellChars: number;
  /** Cells in one row. */
  columns: number;
  /** Rows of a sheet or CSV file. */
  rows: number;
};

const megabyte = 1024 * 1024;

export const readLimits = {
  /**
   * A supplier's price list or buying history: up to 20,000 lines of a few columns (ADR 130); a
   * workbook of that holds a few MB of XML.
   */
  margin: {
    kind: "a margin-check file",
    members: 200,
    inflatedBytes: 32 * megabyte,
    sharedStringsBytes: 16 * megabyte,
    sharedStrings: 100_000,
    cellChars: 2_000,
    columns: 200,
    rows: 21_000,
  },
  /**
   * A Drug Tariff file, CSV or workbook. Part IX is the largest: about 66,000 rows, 20 MB as CSV and
   * some tens of MB of XML as a workbook. Excel itself holds at most 32,767 characters in a cell.
   */
  tariff: {
    kind: "a Drug Tariff file",
    members: 1_000,
    inflatedBytes: 192 * megabyte,
    sharedStringsBytes: 64 * megabyte,
    sharedStrings: 1_000_000,
    cellChars: 32_767,
    columns: 1_000,
    rows: 400_000,
  },
  /**
   * A dm+d release: a dozen XML members, the largest (AMPP) a few hundred MB, with the GTIN file
   * in a zip of its own; no field holds more than a few hundred characters.
   */
  dmd: {
    kind: "a dm+d release",
    members: 100,
    inflatedBytes: maxDecompressedBytes.dmd,
    sharedStringsBytes: 0,
    sharedStrings: 0,
    cellChars: 65_536,
    columns: 0,
    rows: 0,
  },
} as const satisfies Record<string, ReadLimits>;

/** A refusal that names the file, the limit and the kind it is the limit of. */
export function overLimit(file: string, limits: ReadLimits, what: string, line?: number): BadFileError {
  return new BadFileError(file, [{ line, message: `${what}: over the limit for ${limits.kind}` }]);
}

const count = (n: number) => n.toLocaleString("en-GB");

/** The refusals of the limits that are counted, in the same words whichever reader finds them. */
export const tooMany = {
  rows: (file: string, limits: ReadLimits, line?: number) =>
    overLimit(file, limits, `more than ${count(limits.rows)} rows`, line),
  columns: (file: string, limits: ReadLimits, line?: number) =>
    overLimit(file, limits, `more than ${count(limits.columns)} cells in a row`, line),
  cellChars: (file: string, limits: ReadLimits, line?: number) =>
    overLimit(file, limits, `a cell of more than ${count(limits.cellChars)} characters`, line),
  sharedStrings: (file: string, limits: ReadLimits) =>
    overLimit(file, limits, `more than ${count(limits.sharedStrings)} shared strings`),
  members: (file: string, limits: ReadLimits) =>
    overLimit(file, limits, `more than ${count(limits.members)} members in the zip`),
};

/** Passes rows through while each is within the limits' rows, cells per row and characters per cell. */
export async function* withinLimits(
  file: string,
  rows: AsyncIterable<Row> | Iterable<Row>,
  limits: ReadLimits,
): AsyncGenerator<Row> {
  let seen = 0;
  for await (const row of rows) {
    if (++seen > limits.rows) throw tooMany.rows(file, limits, row.line);
    if (row.cells.length > limits.columns) throw tooMany.columns(file, limits, row.line);
    if (row.cells.some((cell) => cell.length > limits.cellChars))
      throw tooMany.cellChars(file, limits, row.line);
    yield row;
  }
}
