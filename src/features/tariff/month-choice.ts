import type { MonthEntry } from "@/components/data-table/list-filter-types";

import {
  monthChoiceLabel,
  monthInForce,
  monthOptionOf,
  olderMonths,
  parseMonthParam,
  recentMonths,
  type MonthLink,
  type MonthOption,
} from "./months";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Why the month asked for in the address is not the one shown: it is not a month, or has no data. */
export type MonthRefusal = { asked: string; reason: "not-a-month" | "no-data" };

export type MonthChoice = {
  /** The month being shown: the one asked for when it has data, else the month in force (or the nearest with data). */
  month: MonthOption;
  /** The loaded period whose rows to show, or null when nothing is loaded up to the month in force. */
  period: string | null;
  /** The month in force (the calendar month in the UK). */
  inForce: MonthOption;
  /** The months loaded ahead of the month in force (published before their 1st), oldest first. */
  coming: MonthOption[];
  /** The latest month with data on or before the month in force. */
  latest: MonthOption | null;
  /** For a list published less often than monthly: the label of the release in force, if earlier. */
  inForceSince: string | null;
  /** Set when the address asked for a month that is not shown: the page says so and corrects the address. */
  refused: MonthRefusal | null;
  /** The selector: months ahead (labelled "from 1 …"), the month in force and the seven before it, plus an older month shown. */
  options: MonthEntry[];
  /** Every release older than the selector's months, newest first, behind "Older months…". */
  older: MonthLink[];
};

/**
 * Which month a page shows and which loaded period serves it (product §3.1). Every page opens on
 * the month in force; a month published ahead of its 1st is offered in the selector as "December
 * 2026 (from 1 December)" but never opened by default. A monthly part shows a month only if that
 * month was imported; a list published less often (Category M, the dm+d flags) shows the latest
 * release on or before the month. A month asked for that is not a month, or has no data, is refused
 * (`refused`): the page shows the month it would open on and says so. History goes deeper than the
 * selector: "Older months…" offers every older release.
 */
export function chooseMonth({
  periods,
  cadence,
  month,
  now,
}: {
  periods: readonly string[];
  cadence: "monthly" | "latest";
  month: string | undefined;
  now: Date;
}): MonthChoice {
  const newestFirst = [...periods]
    .map((period) => `${period.slice(0, 7)}-01`)
    .sort()
    .reverse();
  const servedBy = (option: MonthOption): string | null =>
    cadence === "monthly"
      ? (newestFirst.find((period) => period === option.firstDate) ?? null)
      : (newestFirst.find((period) => period <= option.firstDate) ?? null);

  const inForce = monthInForce(now);
  const recent = recentMonths(now);
  const coming = [...new Set(newestFirst.filter((period) => period > inForce.firstDate))]
    .reverse()
    .map(monthOptionOf);
  const latestPeriod = newestFirst.find((period) => period <= inForce.firstDate) ?? null;
  const latest = latestPeriod ? monthOptionOf(latestPeriod) : null;
  // The month in force when it has data, else the nearest month before it with data; never a month ahead.
  const opening = servedBy(inForce) ? inForce : (latest ?? inForce);

  const asked = typeof month === "string" && month !== "" ? month : null;
  const parsed = parseMonthParam(asked);
  const refused: MonthRefusal | null =
    asked === null
      ? null
      : !parsed
        ? { asked, reason: "not-a-month" }
        : servedBy(parsed) === null && servedBy(opening) !== null
          ? { asked: parsed.value, reason: "no-data" }
          : null;
  const selected = parsed && !refused ? parsed : opening;
  const period = servedBy(selected);

  const listed = new Map(recent.map((option) => [option.value, option]));
  for (const extra of [...coming, selected]) listed.set(extra.value, extra);
  const options = [...listed.values()]
    .sort((a, b) => b.value.localeCompare(a.value))
    .map((option) => ({
      value: option.value,
      label: monthChoiceLabel(option.value, inForce.value),
      hasData: servedBy(option) !== null,
    }));

  return {
    month: selected,
    period,
    inForce,
    coming,
    latest,
    inForceSince: period && period !== selected.firstDate ? monthOptionOf(period).month : null,
    refused,
    options,
    older: olderMonths(periods, recent),
  };
}

/**
 * What a page says when the address asked for a month it does not show:
 * "No Part VIIIA for January 1999; showing November 2026".
 */
export function refusalMessage(refused: MonthRefusal, title: string, shown: MonthOption): string {
  if (refused.reason === "no-data")
    return `No ${title} for ${monthOptionOf(refused.asked).month}; showing ${shown.month}`;
  const asked = refused.asked.length > 24 ? `${refused.asked.slice(0, 24)}…` : refused.asked;
  return `“${asked}” is not a month (YYYY-MM); showing ${title} for ${shown.month}`;
}
