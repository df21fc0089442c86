import { addMonths, currentPeriod, monthLabel, monthNames } from "@/lib/tariff-vocabulary";

/** product §3 "month option": a label, the URL value, and the first and last day as year-month-day text. */
export type MonthOption = { month: string; value: string; firstDate: string; lastDate: string };

const pad = (n: number) => String(n).padStart(2, "0");

export function monthOption(year: number, monthIndex: number): MonthOption {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const value = `${year}-${pad(monthIndex + 1)}`;
  return {
    month: monthLabel(value),
    value,
    firstDate: `${value}-01`,
    lastDate: `${value}-${pad(lastDay)}`,
  };
}

/**
 * The month in force: the calendar month in the UK, where the Drug Tariff applies (product §3.1).
 * Next month's tariff is published days before the 1st; it comes into force on the 1st.
 */
export function monthInForce(now: Date): MonthOption {
  return monthOptionOf(currentPeriod(now));
}

/** The selector's list: the month in force and the seven before it, newest first (product §3, §9). */
export function recentMonths(now: Date, count = 8): MonthOption[] {
  const inForce = currentPeriod(now);
  return Array.from({ length: count }, (_, back) => monthOptionOf(addMonths(inForce, -back)));
}

/** `month=YYYY-MM` from the URL, or null when it is not a real month. */
export function parseMonthParam(value: unknown): MonthOption | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12 || year < 1900 || year > 2999) return null;
  return monthOption(year, month - 1);
}

/** A month offered by a selector: its URL value and its label. */
export type MonthLink = { value: string; label: string };

/** `2026-11` or `2026-11-01` → the month's option. */
export function monthOptionOf(period: string): MonthOption {
  return monthOption(Number(period.slice(0, 4)), Number(period.slice(5, 7)) - 1);
}

/** When a month published ahead comes into force: `2026-12` → "from 1 December". */
export function fromFirstOf(period: string): string {
  return `from 1 ${monthNames[Number(period.slice(5, 7)) - 1]}`;
}

/** The same at the start of a line: `2026-12` → "From 1 December". */
export function fromFirstOfAtStart(period: string): string {
  const from = fromFirstOf(period);
  return `${from.charAt(0).toUpperCase()}${from.slice(1)}`;
}

/** A month as a selector offers it: one not yet in force says when it will be, "December 2026 (from 1 December)". */
export function monthChoiceLabel(period: string, inForce: string): string {
  const value = period.slice(0, 7);
  return value > inForce.slice(0, 7) ? `${monthLabel(value)} (${fromFirstOf(value)})` : monthLabel(value);
}

/**
 * The months with data older than any the selector lists, newest first: what "Older months…"
 * offers, so that every month ever loaded is reachable. Periods are `YYYY-MM` or `YYYY-MM-DD`.
 */
export function olderMonths(periodsWithData: readonly string[], listed: readonly MonthOption[]): MonthLink[] {
  const oldestListed = listed.map((option) => option.value).sort()[0] ?? "";
  const values = new Set(periodsWithData.map((period) => period.slice(0, 7)));
  return [...values]
    .filter((value) => value < oldestListed)
    .sort()
    .reverse()
    .map((value) => ({ value, label: monthOptionOf(value).month }));
}

/** Every month from `first` to `last` (`YYYY-MM`, both included), `step` months apart: a chart's whole axis. */
export function monthsBetween(first: string, last: string, step = 1): string[] {
  const months: string[] = [];
  const start = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1;
  for (let index = start; ; index += step) {
    const value = `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
    if (value > last) return months;
    months.push(value);
  }
}
