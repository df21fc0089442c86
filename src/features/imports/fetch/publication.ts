import { toPeriod, addMonths, type Period } from "@/lib/tariff-vocabulary";
import { ukDay } from "./concessions-page";

/**
 * When a month's Drug Tariff files are due, so the schedule can tell "nothing new yet" from "late"
 * (ADR 115). NHSBSA makes a month's tariff available three working days before the month starts;
 * the owner is told when a pass still finds nothing two working days after that. Working days are
 * Monday to Friday: a bank holiday makes the warning a day early at worst.
 */

/** Days are UTC midnights standing for UK calendar dates. */
type Day = Date;

const dayOf = (year: number, month: number, day: number): Day => new Date(Date.UTC(year, month - 1, day));
const isWorkingDay = (day: Day) => day.getUTCDay() !== 0 && day.getUTCDay() !== 6;

function addWorkingDays(day: Day, count: number): Day {
  const step = count < 0 ? -1 : 1;
  const moved = new Date(day);
  for (let left = Math.abs(count); left > 0;) {
    moved.setUTCDate(moved.getUTCDate() + step);
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
