/**
 * The tariff's words, one of each, for every layer: which edition a price belongs to, the names of the
 * months, and how money reads. It imports nothing, so the database layer, the shared components and every
 * feature can use it (ADR 085).
 */

/**
 * The Drug Tariff's two editions: 1 England & Wales, 2 Northern Ireland. A user's profile stores the
 * edition they read as `profiles.country`, with the same numbers.
 */
export type Edition = 1 | 2;

export const editionCodes: Record<Edition, "ew" | "ni"> = { 1: "ew", 2: "ni" };

export const editionNames: Record<Edition, string> = { 1: "England & Wales", 2: "Northern Ireland" };

/** Both editions in the order a chooser lists them. */
export const editions = [
  { id: 1, name: editionNames[1] },
  { id: 2, name: editionNames[2] },
] as const;

/** `ew`, `ni` and the other names an operator may type; otherwise undefined. */
export function editionFromCode(code: string): Edition | undefined {
  const lower = code.trim().toLowerCase();
  if (["ew", "e&w", "england", "1"].includes(lower)) return 1;
  if (["ni", "northern-ireland", "2"].includes(lower)) return 2;
  return undefined;
}

/** The twelve English month names, January first. */
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const currency = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Pence are integers everywhere in the data; people read pounds: 123456 → "£1,234.56". */
export function formatPence(pence: number): string {
  return currency.format(pence / 100);
}

/** A sum already in pounds, without thousands separators, for a chart's axis or a short hint: "£1234.56". */
export function formatPounds(pounds: number): string {
  return `£${pounds.toFixed(2)}`;
}

/** Pence as the bare figure in pounds that the published files print: 123456 → "1234.56". */
export function poundsFigure(pence: number): string {
  return (pence / 100).toFixed(2);
}
