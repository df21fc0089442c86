import { monthNames } from "@/lib/tariff-vocabulary";

/**
 * Community Pharmacy England's concessions page early in a month, before any concession is granted:
 * the month's section is there, its table is not. That is normal, and must not be reported as a
 * redesign of the page (ADR 115).
 */

/** A month with no concession by this day of it has not been seen; later, no table is a layout change. */
export const concessionsGraceDays = 15;

const ukDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** The UK calendar date of `now`. */
export function ukDay(now: Date): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(ukDate.formatToParts(now).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ");
}

/**
 * "July 2026" when the page (which has no concessions table) speaks of concessions for this month,
 * within the first `concessionsGraceDays` days of it; otherwise undefined, and the missing table is a
 * change of layout.
 */
export function concessionsNotYetGranted(html: string, now: Date): string | undefined {
  const { year, month, day } = ukDay(now);
  if (day > concessionsGraceDays) return undefined;
  const label = `${monthNames[month - 1]} ${year}`;
  // "…price concessions have been granted for July 2026": the month's own section, not a date such
  // as "Updated on: 2nd July 2026".
  const section = new RegExp(`concessions?\\b[^.]{0,80}\\bfor\\s+${label}\\b`, "i");
  return section.test(pageText(html)) ? label : undefined;
}
