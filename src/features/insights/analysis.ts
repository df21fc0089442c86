import type { MonthEntry } from "@/components/data-table/list-filter-types";
import { chooseMonth, type MonthRefusal } from "@/features/tariff/month-choice";
import { monthsBetween, type MonthLink } from "@/features/tariff/months";

import type { PeriodCounts } from "./sources";

/**
 * The calculations behind the insights pages' month selector and charts, kept apart from the
 * queries so they can be tested on plain rows.
 */
export type MonthSelection = {
  /** Newest first: every month published ahead, the month in force and the seven before it, plus an older month shown. */
  months: MonthEntry[];
  /** `YYYY-MM`: the requested month when it has changes, else the month in force (or the latest before it with changes). */
  selected: string;
  /** The month asked for in the address when it is not the one shown. */
  refused: MonthRefusal | null;
  selectedHasData: boolean;
  /** The latest month with data, if any. */
  latest: string | null;
  /** Every month with data older than the eight listed, newest first, behind "Older months…". */
  older: MonthLink[];
};

/** The lists' month choice (product §3.1), in the insights pages' terms. */
export function selectInsightMonth(
  now: Date,
  periodsWithData: string[],
  requested: string | undefined,
): MonthSelection {
  const choice = chooseMonth({
    periods: periodsWithData.map((period) => `${period}-01`),
    cadence: "monthly",
    month: requested,
    now,
  });
  return {
    months: choice.options,
    selected: choice.month.value,
    refused: choice.refused,
    selectedHasData: choice.period !== null,
    latest: choice.latest?.value ?? null,
    older: choice.older,
  };
}

const none: Omit<PeriodCounts, "period"> = {
  additions: 0,
  deletions: 0,
  increases: 0,
  decreases: 0,
  categoryChanges: 0,
  total: 0,
};

/**
 * The counts chart's bars, one per month (or quarter) from the first with changes to the last:
 * a period without changes is a bar of zero, so the axis never jumps over it.
 */
export function continuousCounts(counts: PeriodCounts[], periodWord: "month" | "quarter"): PeriodCounts[] {
  if (counts.length === 0) return [];
  const byPeriod = new Map(counts.map((row) => [row.period, row]));
  const axis = monthsBetween(
    counts[0]!.period,
    counts[counts.length - 1]!.period,
    periodWord === "quarter" ? 3 : 1,
  );
  // A period off the quarterly grid still keeps its bar.
  const periods = [...new Set([...axis, ...byPeriod.keys()])].sort();
  return periods.map((period) => byPeriod.get(period) ?? { period, ...none });
}

/** Percentage bands of a price-change histogram: [from, to), open at both ends. */
const edges = [-50, -25, -10, -5, 0, 5, 10, 25, 50];

const percent = (value: number) => `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value)}%`;

export type Bucket = { label: string; count: number };

export function percentBuckets(changes: (number | null)[]): Bucket[] {
  const buckets: Bucket[] = [
    { label: `Below ${percent(edges[0]!)}`, count: 0 },
    ...edges
      .slice(0, -1)
      .map((from, index) => ({ label: `${percent(from)} to ${percent(edges[index + 1]!)}`, count: 0 })),
    { label: `${percent(edges[edges.length - 1]!)} or more`, count: 0 },
  ];
  for (const change of changes) {
    if (change === null) continue;
    const index = edges.findIndex((edge) => change < edge);
    buckets[index === -1 ? edges.length : index]!.count++;
  }
  return buckets;
}

/** The `limit` biggest rises and falls by percentage, biggest first; ties keep their given order. */
export function biggestMovers<T extends { priceChangePercent: number | null }>(
  rows: T[],
  limit = 10,
): { up: T[]; down: T[] } {
  const changed = rows.filter((row) => row.priceChangePercent !== null);
  return {
    up: changed
      .filter((row) => row.priceChangePercent! > 0)
      .sort((a, b) => b.priceChangePercent! - a.priceChangePercent!)
      .slice(0, limit),
    down: changed
      .filter((row) => row.priceChangePercent! < 0)
      .sort((a, b) => a.priceChangePercent! - b.priceChangePercent!)
      .slice(0, limit),
  };
}
