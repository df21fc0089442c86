import path from "node:path";

import {
  monthLabel,
  monthNames,
  partLabel,
  quarterOfMonth,
  splitPeriod,
  type Edition,
  type PartId,
  type Period,
} from "@/lib/tariff-vocabulary";

import { BadFileError, ProblemList } from "./errors";
import { describeName, type NameFacts } from "./file-name";
import { concessionsFromRows, parseConcessionsHtml } from "./parsers/concessions";
import { isDmdFile, parseDmdRelease } from "./parsers/dmd";
import { tabularParser, type Numbered } from "./parsers/tabular";
import { readCsvFile, readXlsxFile, type Row } from "./rows";
import { maxDecompressedBytes, readText, sniffFile, type FileFormat } from "./source";
import { readTableStart, RecordReader, type TableStart } from "./table";
import type { Dataset, Line, OnRows, Overrides, ParsedFile } from "./types";

/** Reading stops after this many problems: a file that bad is not worth reading to the end. */
const problemLimit = 100;

/** Errors of the libraries that read files, which mean the file (not our code) is at fault. */
function asBadFile(name: string, format: FileFormat, error: unknown): unknown {
  if (error instanceof BadFileError) return error;
  const err = error as Error & { code?: string; lines?: number };
  if (err.name === "CsvError" || err.code?.startsWith("CSV_")) {
    return new BadFileError(name, [
      { line: err.lines, message: `not readable as CSV: ${err.message.replace(/^Invalid [^:]*: /, "")}` },
    ]);
  }
  if (err.code?.startsWith("Z_") || err.code === "ERR_ZLIB") {
    return new BadFileError(name, [{ message: "the compressed file is truncated or damaged" }]);
  }
  if (format === "xlsx") {
    return new BadFileError(name, [{ message: `not a readable XLSX workbook: ${err.message}` }]);
  }
  return error;
}

const noDataRows = (name: string, start: TableStart) =>
  new BadFileError(name, [{ line: start.header.line, message: "the file has a header but no data rows" }]);

function editionOf(part: PartId, overrides: Overrides, ...facts: NameFacts[]): Edition {
  const said = overrides.edition ?? facts.find((fact) => fact.edition)?.edition;
  if (said) return said;
  // England & Wales publishes no file of these: ours are Northern Ireland's (docs/data-formats.md).
  return part === "borderline" || part === "zero-discount" ? 2 : 1;
}

function resolvePart(
  name: string,
  start: TableStart,
  facts: NameFacts,
  title: NameFacts,
  overrides: Overrides,
): PartId {
  const candidates = start.columns.layout.parts;
  const layoutLabel = candidates.map((part) => partLabel(part, 1)).join(" or ");
  const fail = (message: string): never => {
    throw new BadFileError(name, [{ line: start.header.line, message }]);
  };
  if (overrides.part) {
    if (!candidates.includes(overrides.part))
      fail(`--part ${overrides.part} does not fit this file's columns, which are those of ${layoutLabel}`);
    return overrides.part;
  }
  if (title.part && facts.part && title.part !== facts.part) {
    fail(
      `the title row says ${partLabel(title.part, 1)} but the file name says ${partLabel(facts.part, 1)}; ` +
        "check the file (NHSBSA has linked one part's file under another's name) and use --part to choose",
    );
  }
  const said = title.part ?? facts.part;
  if (said && !candidates.includes(said)) {
    fail(
      `the ${title.part ? "title row" : "file name"} says ${partLabel(said, 1)} but the columns are those of ${layoutLabel}`,
    );
  }
  if (said) return said;
  if (candidates.length === 1) return candidates[0]!;
  return fail(
    `cannot tell ${layoutLabel} apart: neither the title row nor the file name says which; use --part`,
  );
}

function resolvePeriod(
  name: string,
  line: number | undefined,
  part: PartId,
  facts: NameFacts,
  title: NameFacts,
  overrides: Overrides,
): Period {
  if (overrides.period) return overrides.period;
  const fail = (message: string): never => {
    throw new BadFileError(name, [{ line, message }]);
  };
  const period =
    facts.period ??
    title.period ??
    fail(
      "cannot tell which month this file is for: neither the file name nor the title row gives a month and year " +
        '(e.g. "Part VIIIA Jan 26.csv"); use --period YYYY-MM',
    );
  const { month } = splitPeriod(period);
  const titleMonth = title.period ? splitPeriod(title.period).month : title.month;
  if (titleMonth && titleMonth !== month) {
    fail(
      `the title row says ${monthNames[titleMonth - 1]} but the file name says ${monthLabel(period)}; use --period YYYY-MM to choose`,
    );
  }
  if (part === "cat-m" && title.quarter && quarterOfMonth(month) !== title.quarter) {
    fail(
      `the title row says Quarter ${title.quarter} but ${monthLabel(period)} is in Quarter ${quarterOfMonth(month)}; use --period YYYY-MM to choose`,
    );
  }
  return period;
}

async function readTabular(
  file: string,
  format: "csv" | "xlsx",
  gzip: boolean,
  overrides: Overrides,
  onRows: OnRows,
): Promise<ParsedFile> {
  const name = path.basename(file);
  const rows: AsyncIterable<Row> = format === "xlsx" ? readXlsxFile(file) : readCsvFile(file, gzip);
  const facts = describeName(name);
  const start = await readTableStart(
    name,
    rows,
    (title) => overrides.part ?? (title ? describeName(title).part : undefined) ?? facts.part,
  );
  const title = start.title ? describeName(start.title) : {};
  const part = resolvePart(name, start, facts, title, overrides);
  const edition = editionOf(part, overrides, title, facts);
  const problems = new ProblemList(name);
  const reader = new RecordReader(start.columns, problems);
  let rowsRead = 0;

  if (part === "concessions") {
    const collected = [];
    for await (const row of start.records) {
      rowsRead++;
      collected.push({
        line: row.line,
        month: reader.raw(row, "month"),
        drug: reader.raw(row, "drug"),
        packSize: reader.raw(row, "packSize"),
        price: reader.raw(row, "price"),
      });
    }
    onRows(rowsRead);
    const period = overrides.period ?? (reader.has("month") ? undefined : facts.period);
    const datasets = concessionsFromRows(problems, collected, period, reader.label("price"));
    problems.throwIfAny();
    if (rowsRead === 0) throw noDataRows(name, start);
    return { part, edition, datasets, rowsRead, notes: [] };
  }

  const period = resolvePeriod(name, start.header.line, part, facts, title, overrides);
  const parser = tabularParser(start.columns.layout.id, part)!;
  const context = { quarter: title.quarter ?? facts.quarter };
  const lines: Numbered<Line>[] = [];
  for await (const row of start.records) {
    rowsRead++;
    if (rowsRead % 2000 === 0) onRows(rowsRead);
    const line = parser.parse(reader, row, context);
    if (line) lines.push({ line: row.line, value: line });
    if (problems.size >= problemLimit) break;
  }
  onRows(rowsRead);
  if (parser.key) {
    const seen = new Map<string, number>();
    for (const { line, value } of lines) {
      const key = parser.key.of(value);
      if (key === null || key === undefined) continue;
      const first = seen.get(key);
      if (first !== undefined)
        problems.add({ line, message: `duplicate ${parser.key.name} ${key} (first on line ${first})` });
      else seen.set(key, line);
    }
  }
  const combined = parser.combine ? parser.combine(lines, problems) : lines.map((entry) => entry.value);
  problems.throwIfAny();
  if (rowsRead === 0) throw noDataRows(name, start);
  const dataset: Dataset = { period, rows: combined };
  return { part, edition, datasets: [dataset], rowsRead, notes: parser.notes?.(combined) ?? [] };
}

/**
 * Reads and checks one file: works out its part, edition and period (from the title row, the header
 * and the file name, or the operator's overrides) and parses every row. Throws a BadFileError naming
 * the file, line and column for anything that cannot be read. Touches no database.
 */
export async function readImportFile(
  file: string,
  overrides: Overrides,
  onRows: OnRows,
): Promise<ParsedFile> {
  const name = path.basename(file);
  if (isDmdFile(file)) {
    if (overrides.part && overrides.part !== "dmd")
      throw new BadFileError(name, [
        { message: `--part ${overrides.part} does not fit a dm+d release file` },
      ]);
    const release = await parseDmdRelease(path.dirname(file), overrides.period, onRows);
    return {
      part: "dmd",
      edition: overrides.edition ?? 1,
      datasets: [{ period: release.period, rows: release.rows }],
      rowsRead: release.rowsRead,
      notes: [],
    };
  }
  const sniffed = await sniffFile(file);
  try {
    if (sniffed.format === "xml") {
      throw new BadFileError(name, [
        { message: "an XML file that is not part of a dm+d release (f_ampp2_*.xml, f_vmpp2_*.xml, …)" },
      ]);
    }
    if (sniffed.format === "html") {
      if (overrides.part && overrides.part !== "concessions")
        throw new BadFileError(name, [
          { message: `--part ${overrides.part} does not fit an HTML page of price concessions` },
        ]);
      const parsed = parseConcessionsHtml(
        name,
        await readText(file, sniffed.gzip, maxDecompressedBytes.html),
        overrides.period,
      );
      onRows(parsed.rowsRead);
      return { part: "concessions", edition: overrides.edition ?? 1, ...parsed, notes: [] };
    }
    return await readTabular(file, sniffed.format, sniffed.gzip, overrides, onRows);
  } catch (error) {
    throw asBadFile(name, sniffed.format, error);
  }
}
