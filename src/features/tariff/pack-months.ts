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
