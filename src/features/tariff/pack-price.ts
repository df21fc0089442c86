import "server-only";

import {
  currentPeriod,
  editionCodes,
  productKinds,
  type Edition,
  type Period,
} from "@/lib/tariff-vocabulary";

import { getProductDetail, isProductCode, type ProductKind } from "./product-queries";
import { deductionReason, type Reimbursement } from "./reimbursement";
import { monthInForceOf, type MonthStanding, type ReimbursementMonth } from "./pack-months";
import { getProductReimbursement } from "./reimbursement-queries";

/** A pack's money in one month, as `GET /api/packs/{code}` gives it: the pricing model's answer, in pence. */
export type PackMonthPrice = {
  month: Period;
  /** Whether the edition lists the pack that month, does not list it, or has not published the month yet. */
  standing: MonthStanding;
  price: {
    pricePence: number;
    concessionPence: number | null;
    /** The price the deduction is taken from: the concession if one was granted, else the price. */
    paidOnPence: number;
    rateGroup: Reimbursement["group"];
    /** The deduction that applies, in basis points (2000 = 20%); 0 on concession or a Zero Discount list; null if no rate is recorded. */
    rateBp: number | null;
    deductionApplies: boolean;
    deductionReason: string;
    deductionPence: number | null;
    netPence: number | null;
    perUnitPence: number | null;
    steps: string[];
  } | null;
};

export type PackPrice = {
  code: string;
  kind: ProductKind;
  name: string;
  packSize: number | null;
  unit: string | null;
  edition: "ew" | "ni";
  /** The month in force (the calendar month in the UK). */
  monthInForce: Period;
  /** The month answered: the month asked for, else the month in force or the latest the edition published before it. */
  month: PackMonthPrice;
  /** Months published ahead of the month in force, oldest first, with the day each comes into force. */
  coming: (PackMonthPrice & { from: string })[];
};

function monthPrice(
  month: ReimbursementMonth,
  edition: Edition,
  pack: { kind: ProductKind; category: string | null },
): PackMonthPrice {
  const result = month.editions[edition];
  return {
    month: month.period,
    standing: month.standing[edition],
    price: result
      ? {
          pricePence: result.pricePence,
          concessionPence: result.concessionPence,
          paidOnPence: result.paidOnPence,
          rateGroup: result.group,
          rateBp: result.rateBp,
          deductionApplies: (result.rateBp ?? 0) > 0,
          deductionReason: deductionReason(result, pack),
          deductionPence: result.deductionPence,
          netPence: result.perPackPence,
          perUnitPence: result.perUnitPence,
          steps: result.steps,
        }
      : null,
  };
}

/** Why a pack's price cannot be given for a month asked for. */
export class MonthOutOfRange extends Error {}

/**
 * One pack's money for an edition and month, as its product page shows it (product §3.2): null for a
 * code no month lists. `month` must be one the page's table covers: months published ahead, the
 * month in force and the 11 before it.
 */
export async function getPackPrice(
  code: string,
  edition: Edition,
  month?: Period,
  now = new Date(),
): Promise<PackPrice | null> {
  if (!isProductCode(code)) return null;
  for (const kind of productKinds) {
    // The kind is the first whose pages list the code: its months are read only for that kind.
    const detail = await getProductDetail(kind, code);
    if (!detail) continue;
    const months = await getProductReimbursement(kind, code, now);
    if (months.length === 0) continue;
    const asked =
      month === undefined ? monthInForceOf(months, edition) : months.find((entry) => entry.period === month);
    if (!asked) {
      const covered = months.map((entry) => entry.period);
      throw new MonthOutOfRange(
        `Prices are given for ${covered.at(-1)} to ${covered[0]}: months published ahead, the month in force and the 11 before it.`,
      );
    }
    return {
      code,
      kind,
      name: detail.name,
      packSize: detail.packSize,
      unit: detail.unit,
      edition: editionCodes[edition],
      monthInForce: currentPeriod(now),
      month: monthPrice(asked, edition, { kind, category: detail.category }),
      coming: months
        .filter((entry) => entry.coming)
        .reverse()
        .map((entry) => ({
          ...monthPrice(entry, edition, { kind, category: detail.category }),
          from: `${entry.period}-01`,
        })),
    };
  }
  return null;
}
