import { toPeriod, addMonths, type Period } from "@/lib/tariff-vocabulary";
import { ukDay } from "./concessions-page";

/**
 * When a month's Drug Tariff files are due, so the schedule can tell "nothing new yet" from "late"
 * (ADR 115). NHSBSA makes a month's tariff available three working days before the month starts;
 * the owner is told when a pass still finds nothing two working days after that. Working days are
 * Monday to Friday other than England and Wales's bank holidays.
 */

/** Days are UTC midnights standing for UK calendar dates. */
type Day = Date;

const dayOf = (year: number, month: number, day: number): Day => new Date(Date.UTC(year, month - 1, day));
const key = (day: Day) => day.toISOString().slice(0, 10);
const isWeekend = (day: Day) => day.getUTCDay() === 0 || day.getUTCDay() === 6;
const plusDays = (day: Day, days: number): Day => new Date(day.getTime() + days * 86_400_000);

/** Easter Sunday of `year` in the Gregorian calendar (the anonymous computus). */
function easterSunday(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return dayOf(year, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/** The `nth` Monday of a month (1 the first; -1 the last). */
function monday(year: number, month: number, nth: number): Day {
  if (nth > 0) {
    const first = dayOf(year, month, 1);
    return plusDays(first, ((8 - first.getUTCDay()) % 7) + (nth - 1) * 7);
  }
  const last = dayOf(year, month + 1, 0);
  return plusDays(last, -((last.getUTCDay() + 6) % 7));
}

/**
 * Bank holidays moved or added by proclamation, which no rule gives: a moved day is dropped from the
 * rules' list and its replacement added. New ones are announced a year or more ahead.
 */
const proclaimed: Record<number, { dropped: string[]; added: string[] }> = {
  2020: { dropped: ["2020-05-04"], added: ["2020-05-08"] },
  2022: { dropped: ["2022-05-30"], added: ["2022-06-02", "2022-06-03", "2022-09-19"] },
  2023: { dropped: [], added: ["2023-05-08"] },
};

/**
 * England and Wales's bank holidays of `year` as `YYYY-MM-DD`: New Year's Day, Good Friday, Easter
 * Monday, the early May, spring and summer bank holidays, Christmas Day and Boxing Day, a holiday
 * that falls on a weekend moved to the next weekday not already a holiday.
 */
export function bankHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = [dayOf(year, 1, 1), dayOf(year, 12, 25), dayOf(year, 12, 26)];
  const taken = new Set<string>([
    key(plusDays(easter, -2)),
    key(plusDays(easter, 1)),
    key(monday(year, 5, 1)),
    key(monday(year, 5, -1)),
    key(monday(year, 8, -1)),
  ]);
  for (const holiday of fixed) {
    let day = holiday;
    while (isWeekend(day) || taken.has(key(day))) day = plusDays(day, 1);
    taken.add(key(day));
  }
  const { dropped = [], added = [] } = proclaimed[year] ?? {};
  return [...taken, ...added].filter((day) => !dropped.includes(day)).sort();
}

const holidaysByYear = new Map<number, Set<string>>();
function isBankHoliday(day: Day): boolean {
  const year = day.getUTCFullYear();
  let holidays = holidaysByYear.get(year);
  if (!holidays) holidaysByYear.set(year, (holidays = new Set(bankHolidays(year))));
  return holidays.has(key(day));
}

const isWorkingDay = (day: Day) => !isWeekend(day) && !isBankHoliday(day);

function addWorkingDays(day: Day, count: number): Day {
  const step = count < 0 ? -1 : 1;
  let moved = day;
  for (let left = Math.abs(count); left > 0;) {
    moved = plusDays(moved, step);
    if (isWorkingDay(moved)) left--;
  }
  return moved;
}

/** The usual publication date of a month's tariff: the third working day before its first day. */
export function usualPublicationDay(period: Period): Day {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return addWorkingDays(dayOf(year, month, 1), -3);
}

/** From this UK date on, a month's tariff not yet loaded is late. */
export function lateFromDay(period: Period): Day {
  return addWorkingDays(usualPublicationDay(period), 2);
}

/**
 * The months whose Part VIIIA should be loaded by `now`: this month, and next month once its
 * tariff is late. The caller checks which of them are missing.
 */
export function monthsDueBy(now: Date): Period[] {
  const { year, month, day } = ukDay(now);
  const today = dayOf(year, month, day);
  const current = toPeriod(year, month);
  const next = addMonths(current, 1);
  return today >= lateFromDay(next) ? [current, next] : [current];
}

/** `29 July 2026` for a day of this module. */
export function formatDay(day: Day): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(day);
}
