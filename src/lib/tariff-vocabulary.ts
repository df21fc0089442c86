/**
 * The tariff's words, one of each, for every layer: which edition a price belongs to, its parts, its
 * periods and the names of the months, and how dates and money read. It imports nothing, so the
 * database layer, the shared components and every feature can use it (ADR 085).
 */

/**
 * The Drug Tariff's two editions: 1 England & Wales, 2 Northern Ireland. A user's profile stores the
 * edition they read as `profiles.country`, with the same numbers.
 */
export type Edition = 1 | 2;

export const editionCodes: Record<Edition, "ew" | "ni"> = { 1: "ew", 2: "ni" };

export const editionNames: Record<Edition, string> = { 1: "England & Wales", 2: "Northern Ireland" };

/**
 * The kinds of product page, each keyed by its own code: a Part VIIIA drug (/drug-info), a Part IX
 * appliance (/appliance-info), a branded pack (/brand-info). A watchlist follows packs of these
 * kinds, a margin check matches lines to them, and the data API names them.
 */
export const productKinds = ["drug", "appliance", "brand"] as const;
export type ProductKind = (typeof productKinds)[number];

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

/**
 * What the importer loads. A part is the unit of replacement together with edition and period.
 * Northern Ireland's parts share the England & Wales part they mirror (docs/data-formats.md).
 */
export const partIds = [
  "viiia",
  "cat-m",
  "viiib",
  "viiid",
  "ix",
  "concessions",
  "dmd",
  "blacklist",
  "zero-discount",
  "borderline",
] as const;

export type PartId = (typeof partIds)[number];

const partLabels: Record<PartId, { ew: string; ni?: string }> = {
  viiia: { ew: "Part VIIIA", ni: "Part I" },
  "cat-m": { ew: "Category M" },
  viiib: { ew: "Part VIIIB" },
  viiid: { ew: "Part VIIID" },
  ix: { ew: "Part IX", ni: "Part II & III" },
  concessions: { ew: "Price concessions" },
  dmd: { ew: "dm+d branded packs" },
  blacklist: { ew: "Part XVIIIA (blacklist)", ni: "Part XI" },
  "zero-discount": { ew: "Discount Not Deducted", ni: "Zero Discount List" },
  borderline: { ew: "Borderline Substances", ni: "Part X" },
};

/** Parts only England & Wales publishes (or that cover the UK): every edition reads England & Wales' rows. */
const englandAndWalesOnly = new Set<PartId>(["cat-m", "viiib", "viiid", "concessions", "dmd"]);

/** Where a part's rows for a reader of `edition` are stored. */
export function dataEditionOf(part: PartId, edition: Edition): Edition {
  return englandAndWalesOnly.has(part) ? 1 : edition;
}

export function partLabel(part: PartId, edition: Edition): string {
  const label = partLabels[part];
  return (edition === 2 ? label.ni : undefined) ?? label.ew;
}

/**
 * Periods are calendar months, written `YYYY-MM` in code, on the command line and in `--json`
 * output, and stored as the first day of the month (`YYYY-MM-01`).
 */
export type Period = string;

export function toPeriod(year: number, month: number): Period {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

const periodPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriod(value: string): boolean {
  return periodPattern.test(value);
}

export function splitPeriod(period: Period): { year: number; month: number } {
  const match = periodPattern.exec(period);
  if (!match) throw new Error(`Not a period (YYYY-MM): ${period}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function addMonths(period: Period, months: number): Period {
  const { year, month } = splitPeriod(period);
  const index = year * 12 + (month - 1) + months;
  return toPeriod(Math.floor(index / 12), (index % 12) + 1);
}

/** The stored form of a period: its first day. */
export function periodToDate(period: Period): string {
  return `${period}-01`;
}

export function dateToPeriod(date: string): Period {
  return date.slice(0, 7);
}

/** Category M quarters start in April (Q1), July (Q2), October (Q3) and January (Q4). */
export function quarterOfMonth(month: number): number {
  return month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
}

/** Made once: making a formatter with a time zone costs more than the month it then formats. */
const ukYearMonth = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
});

/** The current month in the UK, where the Drug Tariff is published. */
export function currentPeriod(now = new Date()): Period {
  const parts = ukYearMonth.formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return toPeriod(value("year"), value("month"));
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

/** A month as people read it, from a period or a stored date: `2026-11` or `2026-11-01` → "November 2026". */
export function monthLabel(period: string): string {
  return `${monthNames[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** The same, shorter, for chart axes: `2026-11` → "Nov 2026". */
export function shortMonthLabel(period: string): string {
  return `${monthNames[Number(period.slice(5, 7)) - 1]!.slice(0, 3)} ${period.slice(0, 4)}`;
}

const longUkDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** A moment as UK readers read its day, in UK time: "12 December 2026". */
export function formatUkDate(date: Date): string {
  return longUkDate.format(date);
}

const currency = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Pence are integers everywhere in the data; people read pounds: 123456 → "£1,234.56". */
export function formatPence(pence: number): string {
  return currency.format(pence / 100);
}

/**
 * A price per unit (tablet, ml, patch…), in pence with fractions, as a pharmacist compares them:
 * under a pound in pence to two places (4.2857 → "4.29p"), a pound or more in pounds (7790.5 →
 * "£77.91"). Rounded to the hundredth of a penny first, so 99.996 reads "£1.00", never "100.00p".
 */
export function formatUnitPence(pence: number): string {
  const rounded = Math.round(pence * 100) / 100;
  return Math.abs(rounded) < 100 ? `${rounded.toFixed(2)}p` : formatPence(rounded);
}

/** A sum already in pounds, without thousands separators, for a chart's axis or a short hint: "£1234.56". */
export function formatPounds(pounds: number): string {
  return `£${pounds.toFixed(2)}`;
}

/** Pence as the bare figure in pounds that the published files print: 123456 → "1234.56". */
export function poundsFigure(pence: number): string {
  return (pence / 100).toFixed(2);
}
