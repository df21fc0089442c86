import { formatPounds } from "@/lib/tariff-vocabulary";

import { monthLabel } from "@/lib/tariff-vocabulary";

/**
 * How a list's records read to a person: the words and links its table rows and search results
 * show. The queries return the tariff's own values (pence, basis points, codes, flags); only the
 * row mappers of the lists' readers (`lists/<id>.reader.ts`) turn them into these.
 */

/** A deduction in basis points as the Discount column's percentage: 2000 → 20. */
export const percent = (bp: number | null) => (bp === null ? null : bp / 100);

export const yesNo = (flag: boolean) => (flag ? "Yes" : "No");

/** A product's page, e.g. `/drug-info/1034611000001106`; none without a code. */
export const productLink = (prefix: "/drug-info" | "/brand-info" | "/appliance-info", code: string | null) =>
  code ? `${prefix}/${encodeURIComponent(code)}` : null;

/**
 * What the net price is: the rate (a percentage, as the Discount column holds it) taken off which
 * price, e.g. "20.00% discount deducted from the January 2026 basic price: £9.60".
 */
export function netHint(ratePercent: number | null, net: number | null, basis: string): string | null {
  if (ratePercent === null || net === null) return null;
  return `${ratePercent.toFixed(2)}% discount deducted from the ${basis}: ${formatPounds(net / 100)}`;
}

/** The tariff month of a period (`2026-01-01` → "January 2026"), the basis a monthly price is for. */
export const tariffMonth = monthLabel;

const dayLabel = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** The basis of a branded pack's net price: its indicative price on its price date, when known. */
export const indicativePriceBasis = (priceDate: string | null) =>
  priceDate ? `NHS indicative price of ${dayLabel.format(new Date(priceDate))}` : "NHS indicative price";

const text = (value: string | number | null) => (value === null || value === "" ? null : String(value));

/** A search result's pack: its figures and words in a line, e.g. "28 tablet" or "200 lancet 30g". */
export const packLine = (...parts: (string | number | null)[]) =>
  parts.map(text).filter(Boolean).join(" ") || null;

/** `A` reads as 'Category A', `IXA` as 'Part IXA'; a longer name (a brand's 'Part VIIIA Category C') as itself. */
export function categoryLabel(prefix: "Category" | "Part", value: string | null): string | null {
  const category = text(value);
  return category === null ? null : category.length <= 4 ? `${prefix} ${category}` : category;
}
