import { monthNames } from "@/lib/tariff-vocabulary";

/** `2026-11` → "November 2026". */
export function monthLabel(period: string): string {
  const [year, month] = period.split("-").map(Number);
  return `${monthNames[month! - 1]} ${year}`;
}

/** `2026-11` → "Nov 2026", for chart axes. */
export function shortMonthLabel(period: string): string {
  const [year, month] = period.split("-").map(Number);
  return `${monthNames[month! - 1]!.slice(0, 3)} ${year}`;
}
