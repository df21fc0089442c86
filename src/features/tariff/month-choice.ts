import type { MonthEntry } from "@/components/data-table/list-filter-types";

import {
  monthOptionOf,
  olderMonths,
  parseMonthParam,
  recentMonths,
  type MonthLink,
  type MonthOption,
} from "./months";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export type MonthChoice = {
  /** The month being shown (from `month=YYYY-MM`, else the current month or the latest with data). */
  month: MonthOption;
  /** The loaded period whose rows to show, or null when there is none for that month. */
  period: string | null;
  /** The latest month with data, for the "no data" notice's link. */
  latest: MonthOption | null;
  /** For a list published less often than monthly: the label of the release in force, if earlier. */
  inForceSince: string | null;
  /** The selector: the current month and the seven before it, plus an older month asked for. */
  options: MonthEntry[];
  /** Every release older than the selector's months, newest first, behind "Older months…". */
  older: MonthLink[];
};

/**
 * Which month a list shows and which loaded period serves it (product §3 month option). A monthly
 * part shows a month only if that month was imported; a list published less often (Category M, the
 * dm+d flags) shows the latest release on or before the month. History goes deeper than the
 * selector: "Older months…" offers every older release, and any month asked for in the URL is added.
 * `prefer` says which month to show when none is asked for: a list shows the current month when it
 * has data ("current"); the insights show the newest month with data, even one published ahead of its
 * month ("newest"), and always offer it in the selector.
 */
export function chooseMonth({
  periods,
  cadence,
  month,
  now,
  prefer = "current",
}: {
  periods: readonly string[];
  cadence: "monthly" | "latest";
  month: string | undefined;
  now: Date;
  prefer?: "current" | "newest";
}): MonthChoice {
  const newestFirst = [...periods].sort().reverse();
  const servedBy = (option: MonthOption): string | null =>
    cadence === "monthly"
      ? (newestFirst.find((period) => period === option.firstDate) ?? null)
      : (newestFirst.find((period) => period <= option.firstDate) ?? null);

  const recent = recentMonths(now);
  const current = recent[0]!;
  const latestPeriod =
    prefer === "newest"
      ? (newestFirst[0] ?? null)
      : (newestFirst.find((period) => period <= current.firstDate) ?? newestFirst[0] ?? null);
  const latest = latestPeriod ? monthOptionOf(latestPeriod) : null;

  const fallback = prefer === "current" && servedBy(current) ? current : (latest ?? current);
  const selected = parseMonthParam(month) ?? fallback;
  const period = servedBy(selected);

  const listed = new Map(recent.map((option) => [option.value, option]));
  for (const extra of prefer === "newest" && latest ? [selected, latest] : [selected])
    listed.set(extra.value, extra);
  const options = [...listed.values()]
    .sort((a, b) => b.value.localeCompare(a.value))
    .map((option) => ({ value: option.value, label: option.month, hasData: servedBy(option) !== null }));

  return {
    month: selected,
    period,
    latest,
    inForceSince: period && period !== selected.firstDate ? monthOptionOf(period).month : null,
    options,
    older: olderMonths(periods, recent),
  };
}
