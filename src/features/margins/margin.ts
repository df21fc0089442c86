/**
 * The margin check's pure rules (ADR 130): which columns of a supplier's file hold what, each row
 * as a line or as a message naming its row, and the margin of a line against its reimbursement.
 * Reads no database and no file.
 */
import { parsePounds } from "@/features/imports/values";

/** At most this many lines per upload, and files up to this size (ADR 130). */
export const maxMarginLines = 20_000;
export const maxMarginFileBytes = 10 * 1024 * 1024;

/**
 * The most of a cell the preview echoes (ADR 160), which is also the most a mapping may name a
 * column by: headers are compared cut to it.
 */
export const maxShownChars = 200;
export const headerName = (cell: string) => cell.trim().slice(0, maxShownChars);

/**
 * Which column (by its header) holds the product's name, its code, the pack size and the cost. A
 * file needs a name or a code column, or both; a mapping remembered before codes had a column of
 * their own has none.
 */
export type MarginMapping = {
  product: string | null;
  code: string | null;
  packSize: string | null;
  cost: string;
};

export type MarginProblem = { row: number; message: string };

/**
 * A row of the user's file that holds a product and a cost: `product` is what the user wrote to
 * name it (the name, else the code), `name` and `code` the two columns as given.
 */
export type MarginInputLine = {
  row: number;
  product: string;
  name: string | null;
  code: string | null;
  packSize: string | null;
  costPence: number;
};

const guesses: Record<keyof MarginMapping, RegExp> = {
  product: /product|description|name|item|drug|medicine/i,
  code: /code|snomed|vmpp|ampp|pip|gtin|ean|barcode/i,
  packSize: /pack|size|qty|quantity/i,
  cost: /cost|price|net|invoice|£/i,
};

/**
 * The mapping to offer for a file's headers: the licence's remembered one where its columns are all
 * in this file, otherwise a guess from the headers' words (each column used once).
 */
export function suggestMapping(headers: string[], remembered: MarginMapping | null): MarginMapping | null {
  const has = (header: string | null) => header === null || headers.includes(header);
  if (
    remembered &&
    has(remembered.product) &&
    has(remembered.code) &&
    has(remembered.cost) &&
    has(remembered.packSize)
  )
    return remembered;
  const used = new Set<string>();
  const pick = (field: keyof MarginMapping) => {
    const found = headers.find((header) => !used.has(header) && guesses[field].test(header)) ?? null;
    if (found) used.add(found);
    return found;
  };
  const cost = pick("cost");
  // "Product code" is a code column, "Pack size" a size: those first, then the name.
  const code = pick("code");
  const packSize = pick("packSize");
  const product = pick("product");
  return (product || code) && cost ? { product, code, packSize, cost } : null;
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
  const codeAt = column(mapping.code);
  const costAt = column(mapping.cost);
  const packAt = column(mapping.packSize);
  const missing = [
    mapping.product !== null && productAt < 0 && `"${mapping.product}" (product name)`,
    mapping.code !== null && codeAt < 0 && `"${mapping.code}" (product code)`,
    costAt < 0 && `"${mapping.cost}" (cost)`,
    mapping.packSize !== null && packAt < 0 && `"${mapping.packSize}" (pack size)`,
  ].filter(Boolean);
  if (missing.length > 0)
    return {
      lines: [],
      problems: [{ row: header.line, message: `The file has no column ${missing.join(" or ")}.` }],
    };

  const cell = (cells: string[], at: number, length: number) =>
    at < 0 ? null : (cells[at] ?? "").replace(/\s+/g, " ").trim().slice(0, length) || null;
  const lines: MarginInputLine[] = [];
  const problems: MarginProblem[] = [];
  for (const { line, cells } of body) {
    if (cells.every((value) => value.trim() === "")) continue;
    if (lines.length >= maxMarginLines) {
      problems.push({
        row: line,
        message: `Only the first ${maxMarginLines.toLocaleString("en-GB")} lines are checked.`,
      });
      break;
    }
    const name = cell(cells, productAt, 200);
    const code = cell(cells, codeAt, 40)?.replace(/\s/g, "") ?? null;
    const costText = cells[costAt] ?? "";
    const costPence = parseCost(costText);
    if (!name && !code) problems.push({ row: line, message: `Row ${line}: no product name or code.` });
    else if (costPence === null)
      problems.push({
        row: line,
        message: `Row ${line}: the cost "${costText.trim().slice(0, 40)}" is not an amount such as 12.50.`,
      });
    else
      lines.push({
        row: line,
        product: (name ?? code)!,
        name,
        code,
        packSize: cell(cells, packAt, 40),
        costPence,
      });
  }
  return { lines, problems };
}

/** Whether a text is written as a pack code (a SNOMED CT id, a GTIN, an order number), not a name. */
export const looksLikeCode = (text: string) => /^[0-9A-Za-z]{6,18}$/.test(text) && /\d/.test(text);

const number = String.raw`\d+(?:\.\d+)?`;
/** Units of a measured pack (`10 x 2ml` is ten ampoules; `2 x 28` fifty-six tablets). */
const measures = /^(?:ml|l|g|gm|grams?|kg|mg|micrograms?|mcg)$/;
/** The words a pack size may end in, after its number. */
const packWords =
  "(?:'?s|tabs?|tablets?|caps?|capsules?|ml|g|gm|grams?|sachets?|amps?|ampoules?|vials?|doses?|patch(?:es)?|dressings?|pieces?|units?|each|pack|pk|op)";
const packNotation = new RegExp(
  String.raw`^(?:op|pk|pack of|pack|box of|x)?\s*(${number})\s*(?:[a-wyz'][a-z']*)?\s*(?:x\s*(${number})\s*([a-z']*))?`,
);

/**
 * A pack size as suppliers write it: `56`, `56 tablets`, `x56`, `OP 28`, `1 x 56` (56), `2x28` (56),
 * `10 x 2ml` (10 ampoules), `500ml`, `4.5g`; null when it holds no number.
 */
export function parsePackSize(text: string | null): number | null {
  if (!text) return null;
  const found = text.toLowerCase().replace(/,/g, "").trim().match(packNotation);
  if (!found) return null;
  const first = Number(found[1]);
  if (found[2] === undefined) return first > 0 ? first : null;
  const second = Number(found[2]);
  const size = first === 1 ? second : measures.test(found[3] ?? "") ? first : first * second;
  return size > 0 ? size : null;
}

const trailingPack = new RegExp(
  String.raw`^(.*[^\s,(])(?:[\s,]+|\s*\(\s*)((?:x|pack of|op|pk)?\s*${number}\s*${packWords}?)\s*\)?\.?$`,
  "i",
);

/** A name's end `2 x` or `x`: the count of a pack size after it. */
const countBefore = new RegExp(String.raw`^(.*?[^\s,(])[\s,]+(${number}\s*)?x$`, "i");

/**
 * A name that ends with its pack size (`Aciclovir 400mg tablets x56`, `… (56)`, `…, 56 tabs`), split
 * into the name and the size; null when it ends with none.
 */
export function splitPackFromName(name: string): { name: string; size: number } | null {
  const found = name.trim().match(trailingPack);
  if (!found) return null;
  // The shortest ending that is a size, with the count before it when it is `2 x 28` or `x 28`:
  // `… BP 1980 x500` is five hundred of `… BP 1980`.
  const multiplied = found[1]!.match(countBefore);
  const [bare, pack] = multiplied
    ? [multiplied[1]!, `${multiplied[2] ?? ""}x ${found[2]}`]
    : [found[1]!, found[2]!];
  const size = parsePackSize(pack.replace(/^x\s*/i, ""));
  return size === null ? null : { name: bare, size };
}

/** Suppliers' short forms of the tariff's words, each as the tariff writes it. */
const shortForms: Record<string, string> = {
  tab: "tablets",
  tabs: "tablets",
  tablet: "tablets",
  cap: "capsules",
  caps: "capsules",
  capsule: "capsules",
  "s/f": "sugar free",
  sf: "sugar free",
  "m/r": "modified release",
  mr: "modified release",
  "g/r": "gastro resistant",
  "e/c": "gastro resistant",
  ec: "gastro resistant",
  disp: "dispersible",
  soln: "solution",
  susp: "suspension",
  oint: "ointment",
  inj: "injection",
  amp: "ampoules",
  amps: "ampoules",
};
const shortForm = new RegExp(`\\b(?:${Object.keys(shortForms).join("|")})\\b`, "g");

/**
 * A product's name as the margin check compares names: lower case, accents, punctuation and the
 * space inside a strength (`400 mg`) taken out, and suppliers' short forms (`tabs`, `s/f`, `m/r`,
 * `mcg`) written out. The tariff's names and the user's are compared through it alike.
 */
export function productKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[\p{Cc},;:()"*_-]+/gu, " ")
    .replace(/(\d)\s+(mg|g|ml|microgram|micrograms|mcg|%|units?|iu)\b/g, "$1$2")
    .replace(/(\d|\b)(?:mcg|micrograms)\b/g, "$1microgram")
    .replace(/\.(?=\s|$)/g, " ")
    .replace(shortForm, (form) => shortForms[form]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** How sure a name match must be to count without the user's check; below it a line "needs checking". */
export const confidenceThreshold = 80;

/** A line matched by its name less surely than the threshold: listed apart, out of the totals. */
export const needsChecking = (line: { matchedBy: string; confidence: number }) =>
  line.matchedBy === "name" && line.confidence < confidenceThreshold;

/** A pack size as the tariff writes it: `28`, `4.5`. */
const sizeText = (size: number) => String(Number(size.toFixed(3)));

/** `28`, `28 and 56`, `28, 30 and 56`. */
function listOfSizes(sizes: number[]): string {
  const texts = sizes.map(sizeText);
  return texts.length < 2 ? texts.join("") : `${texts.slice(0, -1).join(", ")} and ${texts.at(-1)}`;
}

/**
 * The pack of a product a line means: the one of its pack size, or the product's only size when
 * the line gives none. Otherwise no pack, and a note saying why (the sizes the tariff lists);
 * `several` when more than one pack of the product has that size (the first is taken).
 */
export function choosePack<P extends { size: number | null }>(
  productName: string,
  packs: P[],
  wanted: number | null,
): { pack: P | null; note: string | null; several: boolean } {
  const sizes = [...new Set(packs.flatMap((pack) => (pack.size === null ? [] : [pack.size])))].sort(
    (a, b) => a - b,
  );
  const of = (size: number | null) =>
    packs.filter((pack) => pack.size !== null && size !== null && Math.abs(pack.size - size) < 1e-6);
  if (wanted === null && sizes.length > 1)
    return {
      pack: null,
      note: `Which pack? ${productName} comes in ${listOfSizes(sizes)} in the tariff: give the pack size`,
      several: false,
    };
  const same = of(wanted ?? sizes[0] ?? null);
  if (same.length === 0 && wanted !== null)
    return {
      pack: null,
      note: `No ${sizeText(wanted)}-pack of ${productName} in the tariff: ${
        sizes.length === 0 ? "it lists no size" : `${listOfSizes(sizes)} ${sizes.length === 1 ? "is" : "are"}`
      }`,
      several: false,
    };
  return { pack: same[0] ?? packs[0] ?? null, note: null, several: same.length > 1 };
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
  /** Lines with a reimbursement, counted in the sums below. */
  matched: number;
  /** Lines waiting for the user's check: in no sum until confirmed or corrected. */
  needsChecking: number;
  costPence: number;
  reimbursementPence: number;
  marginPence: number;
  losses: number;
};

/**
 * Totals over the lines that have a reimbursement: a line without one, or one waiting for the
 * user's check, adds to no sum.
 */
export function marginTotals(
  lines: { costPence: number; reimbursementPence: number | null; needsChecking?: boolean }[],
): MarginTotals {
  const totals: MarginTotals = {
    lines: lines.length,
    matched: 0,
    needsChecking: 0,
    costPence: 0,
    reimbursementPence: 0,
    marginPence: 0,
    losses: 0,
  };
  for (const line of lines) {
    if (line.needsChecking) totals.needsChecking += 1;
    if (line.reimbursementPence === null || line.needsChecking) continue;
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
