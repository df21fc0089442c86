import { monthNames } from "@/lib/tariff-vocabulary";

/**
 * Periods are calendar months, written `YYYY-MM` in code, on the command line and in `--json`
 * output, and stored as the first day of the month (`YYYY-MM-01`).
 */
export type Period = string;

/** 1–12 for a month word as published: `Sep`, `Sept`, `September`, any case; otherwise undefined. */
export function monthFromWord(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = monthNames.findIndex((name) => {
    const full = name.toLowerCase();
    return lower === full || lower === full.slice(0, 3) || (full === "september" && lower === "sept");
  });
  return index === -1 ? undefined : index + 1;
}

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

/** `January 2026`, for messages and labels. */
export function formatPeriod(period: Period): string {
  const { year, month } = splitPeriod(period);
  return `${monthNames[month - 1]} ${year}`;
}

/** Category M quarters start in April (Q1), July (Q2), October (Q3) and January (Q4). */
export function quarterOfMonth(month: number): number {
  return month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
}

/** The current month in the UK, where the Drug Tariff is published. */
export function currentPeriod(now = new Date()): Period {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
  }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return toPeriod(value("year"), value("month"));
}
