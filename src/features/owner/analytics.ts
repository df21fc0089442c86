import { findPlan } from "@/features/billing/plans";
import { grantsAccess } from "@/lib/subscription-status";

/**
 * Pure shaping of the owner's figures, kept apart from the SQL so it can be tested without a
 * database. Days and weeks are UTC, as the database stores them.
 */

/** The ranges User Analytics offers; anything else in the URL falls back to the first. */
export const analyticsRanges = [30, 90, 365] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

export function parseRange(value: string | string[] | undefined): AnalyticsRange {
  const days = Number(Array.isArray(value) ? value[0] : value);
  return (analyticsRanges as readonly number[]).includes(days)
    ? (days as AnalyticsRange)
    : analyticsRanges[0];
}

const dayMs = 24 * 60 * 60 * 1000;

/** "2026-11-25" for the UTC day of `date`. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** One entry per day of the last `days` days up to `today`, oldest first, with zero for a day without views. */
export function fillDays(
  counts: ReadonlyArray<{ day: string; views: number }>,
  days: number,
  today: Date = new Date(),
): Array<{ day: string; views: number }> {
  const byDay = new Map(counts.map((row) => [row.day, row.views]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, index) => {
    const day = utcDay(new Date(end - (days - 1 - index) * dayMs));
    return { day, views: byDay.get(day) ?? 0 };
  });
}

export type LicenceFigures = {
  planId: string | null;
  billingInterval: string | null;
  status: string;
  licences: number;
  seatsSold: number;
  seatsUsed: number;
};

export type PlanSummary = {
  plan: string;
  activeSubscriptions: number;
  seatsSold: number;
  seatsUsed: number;
  /** Monthly recurring revenue in pence: an annual price counts as a twelfth a month. */
  mrrPence: number;
};

/** Whether a subscription in this state is paying: trials give access but bring no revenue yet. */
export function isPaying(status: string): boolean {
  return grantsAccess(status) && status !== "trialing";
}

/**
 * Active subscriptions, seats sold and used, and monthly recurring revenue per plan. Licences
 * whose subscription gives no access are left out; a licence with no plan (set up by hand) counts
 * under "No plan" with no revenue.
 */
export function summarisePlans(rows: readonly LicenceFigures[]): PlanSummary[] {
  const byPlan = new Map<string, PlanSummary>();
  for (const row of rows) {
    if (!grantsAccess(row.status)) continue;
    const plan = row.planId ? findPlan(row.planId) : undefined;
    const name = plan?.name ?? (row.planId ? row.planId : "No plan");
    const summary = byPlan.get(name) ?? {
      plan: name,
      activeSubscriptions: 0,
      seatsSold: 0,
      seatsUsed: 0,
      mrrPence: 0,
    };
    summary.activeSubscriptions += row.licences;
    summary.seatsSold += row.seatsSold;
    summary.seatsUsed += row.seatsUsed;
    if (plan && isPaying(row.status)) {
      const monthly =
        row.billingInterval === "annual" ? Math.round(plan.pricePence.annual / 12) : plan.pricePence.monthly;
      summary.mrrPence += monthly * row.licences;
    }
    byPlan.set(name, summary);
  }
  return [...byPlan.values()].sort((a, b) => b.mrrPence - a.mrrPence || a.plan.localeCompare(b.plan));
}

/** `%`, `_` and `\` typed in a search are matched as themselves, not as patterns. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
