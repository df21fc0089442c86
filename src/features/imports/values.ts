/**
 * Cell values as published. Each parser returns the value or a description of what was expected,
 * which the caller turns into an error naming the file, line and column.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; expected: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (expected: string): Parsed<never> => ({ ok: false, expected });

/** Integer pence, as every NHSBSA file and dm+d gives prices: `35225`, `1,400,000`, `2414.0`. */
export function parsePence(text: string): Parsed<number> {
  const expected = "a price in whole pence, such as 2414";
  const cleaned = text
    .trim()
    .replace(/^(\d{1,3}(,\d{3})+)(\.0+)?$/, (_, digits: string) => digits.replace(/,/g, ""));
  const match = /^(\d+)(\.0+)?$/.exec(cleaned);
  if (!match) return fail(expected);
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? ok(value) : fail(expected);
}

/**
 * A price in pounds, as Community Pharmacy England publishes concessions: `£15.54`, `15.54`,
 * `11.9`, `£1,234.56`, `£1.50 (previously £1.20)` (the first amount counts) and the typo `11..35`.
 */
export function parsePounds(text: string): Parsed<number> {
  const expected = "a price in pounds, such as £15.54";
  const cleaned = text.replace(/\u00a0/g, " ").trim();
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.{1,2}(\d{1,2}))?(?=\s|\(|$)/.exec(cleaned);
  if (!match || (match[1] === undefined && match[2] === undefined)) return fail(expected);
  const pounds = Number((match[1] ?? "0").replace(/,/g, ""));
  const pence = match[2] === undefined ? 0 : Number(match[2].padEnd(2, "0"));
  const value = pounds * 100 + pence;
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? ok(value) : fail(expected);
}

/** A pack size or quantity: `28`, `4.5`, `22.5`; never negative. */
export function parseQuantity(text: string): Parsed<number> {
  const cleaned = text.trim().replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return fail("a number such as 28 or 4.5");
  const value = Number(cleaned);
  return value < 1e11 ? ok(value) : fail("a number such as 28 or 4.5");
}

/** A SNOMED CT code (6–18 digits) kept as text; Excel sometimes appends `.0`. */
export function parseSnomedCode(text: string): Parsed<string> {
  const cleaned = text.trim().replace(/\.0+$/, "");
  return /^\d{6,18}$/.test(cleaned) ? ok(cleaned) : fail("a SNOMED CT code of 6 to 18 digits");
}

/** A GTIN: 8, 12, 13 or 14 digits, leading zeros kept. Some published GTIN cells hold longer codes. */
export function parseGtin(text: string): Parsed<string> {
  const cleaned = text.trim().replace(/\.0+$/, "");
  return /^\d{8,18}$/.test(cleaned) ? ok(cleaned) : fail("a GTIN of 8 to 14 digits");
}

/** Text as a value: trimmed, non-breaking spaces made plain, runs of spaces collapsed; empty → null. */
export function cleanText(text: string | undefined): string | null {
  if (text === undefined || text === "") return null;
  // Most cells are clean already: test once rather than make three new strings for every cell.
  if (!/\u00a0|\s\s|^\s|\s$|[\t\n\r]/.test(text)) return text;
  const cleaned = text
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned === "" ? null : cleaned;
}
