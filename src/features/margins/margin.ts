/**
 * The margin check's pure rules (ADR 130): which columns of a supplier's file hold what, each row
 * as a line or as a message naming its row, and the margin of a line against its reimbursement.
 * Reads no database and no file.
 */
import { parsePounds } from "@/features/imports/values";
import { shortExplanation } from "@/features/tariff/reimbursement";
import { monthInForceOf, type ReimbursementMonth } from "@/features/tariff/pack-months";
import type { Edition, Period } from "@/lib/tariff-vocabulary";

/** At most this many lines per upload, and files up to this size (issue 15). */
export const maxMarginLines = 20_000;
export const maxMarginFileBytes = 10 * 1024 * 1024;

/**
 * The most of a cell the preview echoes (ADR 160), which is also the most a mapping may name a
 * column by: headers are compared cut to it.
 */
export const maxShownChars = 200;
export const headerName = (cell: string) => cell.trim().slice(0, maxShownChars);

/** Which column (by its header) holds the product name or code, the pack size and the cost. */
export type MarginMapping = { product: string; packSize: string | null; cost: string };

export type MarginProblem = { row: number; message: string };

/** A row of the user's file that holds a product and a cost. */
export type MarginInputLine = { row: number; product: string; packSize: string | null; costPence: number };

const guesses: Record<keyof MarginMapping, RegExp> = {
  product: /product|description|name|item|code|vmpp|ampp|pip/i,
  packSize: /pack|size|qty|quantity/i,
  cost: /cost|price|net|invoice|£/i,
};

/**
 * The mapping to offer for a file's headers: the licence's remembered one where its columns are all
 * in this file, otherwise a guess from the headers' words (each column used once).
 */
export function suggestMapping(headers: string[], remembered: MarginMapping | null): MarginMapping | null {
  const has = (header: string | null) => header === null || headers.includes(header);
  if (remembered && has(remembered.product) && has(remembered.cost) && has(remembered.packSize))
    return remembered;
  const used = new Set<string>();
  const pick = (field: keyof MarginMapping) => {
    const found = headers.find((header) => !used.has(header) && guesses[field].test(header)) ?? null;
    if (found) used.add(found);
    return found;
  };
  const cost = pick("cost");
  const packSize = pick("packSize");
  const product = pick("product");
  return product && cost ? { product, packSize, cost } : null;
}

/** A cost in pounds as suppliers write it: `£1.23`, `1.2`, `1,234.56`; never negative. */
export function parseCost(text: string): number | null {
  const cleaned = text.trim();
  if (!cleaned) return null;
  const parsed = parsePounds(cleaned);
  // parsePounds reads a leading amount; a cost cell must be that amount and nothing more.
  if (!parsed.ok || !/^£?\s*[\d,]*(\.\d{1,2})?$/.test(cleaned)) return null;
  return parsed.value;
}

/**
 * The file's rows (the first holding the headers) as lines through the mapping. A row without a
 * product or with a cost that is not an amount becomes a message with its row number; the other
 * rows are kept. Blank rows are skipped silently.
 */
export function mapRows(
  rows: { line: number; cells: string[] }[],
  mapping: MarginMapping,
): { lines: MarginInputLine[]; problems: MarginProblem[] } {
  const [header, ...body] = rows;
  if (!header) return { lines: [], problems: [{ row: 1, message: "The file is empty." }] };
  const headers = header.cells.map(headerName);
  const column = (name: string | null) => (name === null ? -1 : headers.indexOf(name));
  const productAt = column(mapping.product);
  const costAt = column(mapping.cost);
  const packAt = column(mapping.packSize);
  const missing = [
    productAt < 0 && `"${mapping.product}" (product)`,
    costAt < 0 && `"${mapping.cost}" (cost)`,
    mapping.packSize !== null && packAt < 0 && `"${mapping.packSize}" (pack size)`,
  ].filter(Boolean);
  if (missing.length > 0)
    return {
      lines: [],
      problems: [{ row: header.line, message: `The file has no column ${missing.join(" or ")}.` }],
    };

  const lines: MarginInputLine[] = [];
  const problems: MarginProblem[] = [];
  for (const { line, cells } of body) {
    if (cells.every((cell) => cell.trim() === "")) continue;
    if (lines.length >= maxMarginLines) {
      problems.push({
        row: line,
        message: `Only the first ${maxMarginLines.toLocaleString("en-GB")} lines are checked.`,
      });
      break;
    }
    const product = (cells[productAt] ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
    const costText = cells[costAt] ?? "";
    const costPence = parseCost(costText);
    if (!product) problems.push({ row: line, message: `Row ${line}: no product name or code.` });
    else if (costPence === null)
      problems.push({
        row: line,
        message: `Row ${line}: the cost "${costText.trim().slice(0, 40)}" is not an amount such as 12.50.`,
      });
    else {
      const packSize = packAt < 0 ? null : (cells[packAt] ?? "").trim().slice(0, 40) || null;
      lines.push({ row: line, product, packSize, costPence });
    }
  }
  return { lines, problems };
}

/**
 * A pack's reimbursement in force for an edition (product §3.1): the month in force, or the latest
 * month before it the edition has published; never a month published ahead of its 1st.
 */
export type PackFigure = { perPack: number | null; explanation: string; period: Period };

export function figureThisMonth(months: ReimbursementMonth[], edition: Edition): PackFigure | null {
  const inForce = monthInForceOf(months, edition);
  const figure = inForce?.editions[edition];
  if (!inForce || !figure) return null;
  return { perPack: figure.perPackPence, explanation: shortExplanation(figure), period: inForce.period };
}

/** A line's margin: reimbursement less cost, in pence and as a share of the reimbursement. */
export type Margin = { pence: number; percent: number | null; loss: boolean };

export function marginOf(costPence: number, reimbursementPence: number | null): Margin | null {
  if (reimbursementPence === null) return null;
  const pence = reimbursementPence - costPence;
  return {
    pence,
    percent: reimbursementPence === 0 ? null : Math.round((pence / reimbursementPence) * 1000) / 10,
    loss: costPence > reimbursementPence,
  };
}

/**
 * Whether a line turned loss-making between two checks of its reimbursement: a figure below its
 * cost now, where the last check found a profit, break-even or no figure. A line never checked
 * (`undefined`) has nothing to turn from: its first check only records where it stands.
 */
export function turnedLoss(
  costPence: number,
  before: number | null | undefined,
  now: number | null,
): boolean {
  if (before === undefined || now === null || costPence <= now) return false;
  return before === null || costPence <= before;
}

export type MarginTotals = {
  lines: number;
  matched: number;
  costPence: number;
  reimbursementPence: number;
  marginPence: number;
  losses: number;
};

/** Totals over the lines that have a reimbursement: a line without one adds to no sum. */
export function marginTotals(
  lines: { costPence: number; reimbursementPence: number | null }[],
): MarginTotals {
  const totals: MarginTotals = {
    lines: lines.length,
    matched: 0,
    costPence: 0,
    reimbursementPence: 0,
    marginPence: 0,
    losses: 0,
  };
  for (const line of lines) {
    if (line.reimbursementPence === null) continue;
    totals.matched += 1;
    totals.costPence += line.costPence;
    totals.reimbursementPence += line.reimbursementPence;
    totals.marginPence += line.reimbursementPence - line.costPence;
    if (line.costPence > line.reimbursementPence) totals.losses += 1;
  }
  return totals;
}

/**
 * How sure a name match is, 0–100, from the search's first result: a code or the same name is
 * certain; a name that starts with the text, or holds all its words, likely; a near spelling less.
 */
export function nameConfidence(normalisedTerm: string, normalisedName: string): number {
  if (normalisedName === normalisedTerm) return 95;
  if (normalisedName.startsWith(normalisedTerm)) return 85;
  const words = normalisedTerm.split(" ");
  if (words.every((word) => normalisedName.includes(word))) return 70;
  return 40;
}
