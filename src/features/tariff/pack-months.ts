import type { Edition, Period } from "@/lib/tariff-vocabulary";

import type { Reimbursement } from "./reimbursement";

/**
 * A pack's months as the pricing model gives them (`getPacksReimbursement`), in a module of their
 * own that the browser may load: product pages' components and metadata read them.
 */
/** Whether an edition's month shows the pack, had it published that month's part yet, or does not list the pack. */
export type MonthStanding = "listed" | "not-listed" | "not-published";

/**
 * One month of a pack's table: each edition's reimbursement where it lists the pack, and each
 * edition's standing that month. `coming`: a month published ahead of the month in force.
 */
export type ReimbursementMonth = {
  period: Period;
  coming: boolean;
  editions: Partial<Record<Edition, Reimbursement>>;
  standing: Record<Edition, MonthStanding>;
};

/** The month of a pack's table in force for an edition: the month in force, or the nearest before it the edition published. */
export function monthInForceOf(
  months: ReimbursementMonth[],
  edition: Edition,
): ReimbursementMonth | undefined {
  return months.find((month) => !month.coming && month.standing[edition] !== "not-published");
}

/**
 * What a month of a pack's table says for an edition that shows no price: "Not listed" when the
 * edition's list that month leaves the pack out; "Not published yet" for a month after the latest
 * the edition has published; "No data loaded" for an earlier month missing from the database,
 * which is neither. `months` newest first, as the pricing model gives them.
 */
export function absentWords(
  months: ReimbursementMonth[],
  month: ReimbursementMonth,
  edition: Edition,
): "Not listed" | "Not published yet" | "No data loaded" {
  if (month.standing[edition] === "not-listed") return "Not listed";
  const latest = months.find((candidate) => candidate.standing[edition] !== "not-published");
  return latest && month.period < latest.period ? "No data loaded" : "Not published yet";
}
