import { Parser } from "htmlparser2";

import { toPeriod, type Period } from "@/lib/tariff-vocabulary";

import { BadFileError, ProblemList, quote } from "../errors";
import { describeName } from "../file-name";
import { monthFromWord } from "../periods";
import type { ConcessionLine, Dataset } from "../types";
import { cleanText, parsePounds } from "../values";

/**
 * Community Pharmacy England's price concessions pages (docs/data-formats.md). The current page has one
 * month; the archive page several, each table under a heading (`December 2023`) or, for older years
 * grouped under a year heading, after a paragraph naming the month. Either way the month is the last
 * one named in the text before the table. A concessions table has three columns, `Drug`,
 * `Pack size` and `Price concession` (spelling varies), in `<td>` cells; other tables are ignored.
 */

type Table = { line: number; period?: Period; rows: { line: number; cells: string[] }[] };

const monthYear =
  /\b(january|february|march|april|may|june|july|august|september|sept|october|november|december)\s+(\d{4})\b/gi;

function lastMonthIn(text: string): Period | undefined {
  let found: Period | undefined;
  for (const match of text.matchAll(monthYear)) found = toPeriod(Number(match[2]), monthFromWord(match[1]!)!);
  return found;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function readTables(html: string): Table[] {
  const starts = lineStarts(html);
  const tables: Table[] = [];
  let table: Table | undefined;
  let row: { line: number; cells: string[] } | undefined;
  let cell: string | undefined;
  let period: Period | undefined;
  let outside = "";
  const skipped = new Set(["script", "style"]);
  let skipping = 0;

  const parser = new Parser(
    {
      onopentag(name) {
        if (skipped.has(name)) skipping++;
        const line = lineAt(starts, parser.startIndex);
        if (name === "table" && !table) {
          period = lastMonthIn(outside) ?? period;
          outside = "";
          table = { line, period, rows: [] };
        } else if (table && name === "tr") row = { line, cells: [] };
        else if (row && (name === "td" || name === "th")) cell = "";
        else if (name === "br" && cell !== undefined) cell += " ";
      },
      ontext(text) {
        if (skipping > 0) return;
        if (cell !== undefined) cell += text;
        else if (!table) outside += text;
      },
      onclosetag(name) {
        if (skipped.has(name)) skipping--;
        if (row && cell !== undefined && (name === "td" || name === "th")) {
          row.cells.push(cell);
          cell = undefined;
        } else if (table && row && name === "tr") {
          table.rows.push(row);
          row = undefined;
        } else if (table && name === "table") {
          tables.push(table);
          table = undefined;
        } else if (!table && /^(h[1-6]|p|div|li)$/.test(name)) outside += "\n";
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return tables;
}

const isConcessionHeader = (cells: string[]) =>
  cells.length === 3 && /drug/i.test(cells[0]!) && /pack/i.test(cells[1]!) && /price/i.test(cells[2]!);

/** A concession line: the drug and pack as published (spaces tidied), the price in pence. */
function concessionLine(
  problems: ProblemList,
  line: number,
  drug: string,
  packSize: string,
  price: string,
  priceColumn: string,
): ConcessionLine | undefined {
  const name = cleanText(drug);
  const pack = cleanText(packSize);
  const parsed = parsePounds(price);
  if (!name) problems.add({ line, column: "Drug", message: "expected a drug name, found nothing" });
  if (!pack) problems.add({ line, column: "Pack size", message: "expected a pack size, found nothing" });
  if (!parsed.ok) {
    const found = price.trim() === "" ? "nothing" : quote(price.trim());
    problems.add({ line, column: priceColumn, message: `expected ${parsed.expected}, found ${found}` });
  }
  if (!name || !pack || !parsed.ok) return undefined;
  return { drug: name, packSize: pack, pricePence: parsed.value };
}

function group(entries: { period: Period; line: ConcessionLine }[]): Dataset[] {
  const byPeriod = new Map<Period, ConcessionLine[]>();
  for (const { period, line } of entries) byPeriod.set(period, [...(byPeriod.get(period) ?? []), line]);
  return [...byPeriod].sort(([a], [b]) => a.localeCompare(b)).map(([period, rows]) => ({ period, rows }));
}

export function parseConcessionsHtml(
  file: string,
  html: string,
  period: Period | undefined,
): { datasets: Dataset[]; rowsRead: number } {
  const problems = new ProblemList(file);
  const entries: { period: Period; line: ConcessionLine }[] = [];
  let rowsRead = 0;
  for (const table of readTables(html)) {
    const [header, ...rows] = table.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ""));
    if (!header || !isConcessionHeader(header.cells)) continue;
    const tablePeriod = period ?? table.period;
    if (!tablePeriod) {
      problems.add({
        line: table.line,
        message:
          "no month (such as `January 2024`) is named before this concessions table; use --period YYYY-MM",
      });
      continue;
    }
    for (const row of rows) {
      rowsRead++;
      const [drug = "", pack = "", price = ""] = row.cells;
      const line = concessionLine(problems, row.line, drug, pack, price, header.cells[2]!.trim());
      if (line) entries.push({ period: tablePeriod, line });
    }
  }
  problems.throwIfAny();
  if (rowsRead === 0) {
    throw new BadFileError(file, [
      { message: "no price concessions table (columns Drug, Pack size, Price concession) was found" },
    ]);
  }
  return { datasets: group(entries), rowsRead };
}

/** Concessions as CSV: `month, Drug, Pack size, Price concession`, the month in each row or the file name. */
export function concessionsFromRows(
  problems: ProblemList,
  rows: { line: number; month: string; drug: string; packSize: string; price: string }[],
  period: Period | undefined,
  priceColumn: string,
): Dataset[] {
  const entries: { period: Period; line: ConcessionLine }[] = [];
  for (const row of rows) {
    const rowPeriod = period ?? describeName(row.month).period;
    if (!rowPeriod) {
      problems.add({
        line: row.line,
        column: "month",
        message: `expected a month such as 2024-01, found ${row.month ? quote(row.month) : "nothing"}; or give --period YYYY-MM`,
      });
      continue;
    }
    const line = concessionLine(problems, row.line, row.drug, row.packSize, row.price, priceColumn);
    if (line) entries.push({ period: rowPeriod, line });
  }
  return group(entries);
}
