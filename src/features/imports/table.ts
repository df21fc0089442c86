import type { PartId } from "@/lib/tariff-vocabulary";

import { BadFileError, ProblemList, quote } from "./errors";
import { layouts, matchLayout, type ColumnMap, type Layout } from "./layouts";
import type { Row } from "./rows";
import type { Parsed } from "./values";

/** How far down a header may be: NHSBSA puts a title and a blank row above it. */
const headerSearchRows = 10;

export type TableStart = {
  title?: string;
  header: Row;
  columns: ColumnMap;
  /** The data rows after the header; blank rows (`,,,,,,`) are skipped, as NHSBSA files end with some. */
  records: AsyncGenerator<Row>;
};

const isBlank = (row: Row) => row.cells.every((cell) => cell.trim() === "");

async function* dataRows(iterator: AsyncIterator<Row>): AsyncGenerator<Row> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    if (!isBlank(next.value)) yield next.value;
  }
}

/**
 * Finds the title row and the header row of a spreadsheet-like file and decides its layout. A file
 * whose first rows match no layout is rejected with the nearest layout's missing columns.
 */
export async function readTableStart(
  file: string,
  rows: AsyncIterable<Row>,
  hint: (title: string | undefined) => PartId | undefined,
): Promise<TableStart> {
  const iterator = rows[Symbol.asyncIterator]();
  let title: string | undefined;
  const near: { line: number; layout: Layout; missing: string[] }[] = [];
  for (let seen = 0; seen < headerSearchRows;) {
    const next = await iterator.next();
    if (next.done) break;
    const row = next.value;
    if (isBlank(row)) continue;
    seen++;
    for (const layout of layouts) {
      const { map, missing } = matchLayout(layout, row.cells);
      if (missing.length === 0) return { title, header: row, columns: map, records: dataRows(iterator) };
      if (Object.keys(map.index).length > 0) near.push({ line: row.line, layout, missing });
    }
    const filled = row.cells.filter((cell) => cell.trim() !== "");
    if (title === undefined && filled.length === 1) title = filled[0]!.trim();
  }
  // Say what is missing for the part the file claims to be, or else for the nearest layout.
  const part = hint(title);
  const claimed = near.filter((candidate) => part && candidate.layout.parts.includes(part));
  const best = (claimed.length > 0 ? claimed : near).sort((a, b) => a.missing.length - b.missing.length)[0];
  if (best) {
    const missing = best.missing.map((key) => best.layout.columns[key]!.label ?? key);
    throw new BadFileError(file, [
      {
        line: best.line,
        message: `the header row lacks ${missing.join(", ")}; expected columns like: ${best.layout.example}`,
      },
    ]);
  }
  throw new BadFileError(file, [
    {
      message: `no header row in the first ${headerSearchRows} rows; expected a Drug Tariff layout such as: ${layouts[0]!.example}`,
    },
  ]);
}

/** Typed access to a data row's cells by column name, recording a problem for each bad cell. */
export class RecordReader {
  constructor(
    private readonly columns: ColumnMap,
    readonly problems: ProblemList,
  ) {}

  has(key: string): boolean {
    return this.columns.index[key] !== undefined;
  }

  /** A cell's trimmed text; COSTmos's processed copies write R's missing value `NA`, read as empty. */
  raw(row: Row, key: string): string {
    const at = this.columns.index[key];
    const text = at === undefined ? "" : (row.cells[at] ?? "").trim();
    return text === "NA" ? "" : text;
  }

  /** A value a row must have; records a problem (and returns undefined) when it is empty or invalid. */
  required<T>(row: Row, key: string, parse: (text: string) => Parsed<T>): T | undefined {
    const text = this.raw(row, key);
    const parsed = parse(text);
    if (parsed.ok) return parsed.value;
    this.problems.add({
      line: row.line,
      column: this.columns.labels[key] ?? key,
      message: `expected ${parsed.expected}, found ${text === "" ? "nothing" : quote(text)}`,
    });
    return undefined;
  }

  /** A value a row may leave empty; a present but invalid value is still a problem. */
  optional<T>(row: Row, key: string, parse: (text: string) => Parsed<T>): T | null | undefined {
    if (this.raw(row, key) === "") return null;
    return this.required(row, key, parse);
  }

  label(key: string): string {
    return this.columns.labels[key] ?? key;
  }
}
