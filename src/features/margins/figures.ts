import "server-only";

import { shortExplanation } from "@/features/tariff/reimbursement";
import { getPacksReimbursement, type ReimbursementMonth } from "@/features/tariff/reimbursement-queries";
import type { Edition, Period } from "@/lib/tariff-vocabulary";

/**
 * The one place the margin check reads money: every pack's reimbursement (ADR 120) comes through
 * `packFigures`, so the page, the upload's check and the loss alerts cannot read it two ways.
 */

/** The kinds of pack a line can be matched to. */
const kinds = ["drug", "appliance", "brand"] as const;

/** A pack's reimbursement this month for an edition: the newest month of its table the edition lists. */
export type PackFigure = { perPack: number | null; explanation: string; period: Period };

export function figureThisMonth(months: ReimbursementMonth[], edition: Edition): PackFigure | null {
  const newest = months.find((month) => month.editions[edition]);
  const figure = newest?.editions[edition];
  if (!newest || !figure) return null;
  return { perPack: figure.perPackPence, explanation: shortExplanation(figure), period: newest.period };
}

/**
 * This month's reimbursement of each matched pack of the lines in each of `editions`, keyed
 * `edition:kind:code`: one batched reading per kind of pack, however many lines and editions.
 */
export async function packFigures(
  lines: { kind: string | null; code: string | null }[],
  editions: readonly Edition[],
): Promise<Map<string, PackFigure>> {
  const figures = new Map<string, PackFigure>();
  await Promise.all(
    kinds.map(async (kind) => {
      const codes = [
        ...new Set(lines.flatMap((line) => (line.kind === kind && line.code ? [line.code] : []))),
      ];
      if (codes.length === 0) return;
      for (const [code, months] of await getPacksReimbursement(kind, codes))
        for (const edition of editions) {
          const figure = figureThisMonth(months, edition);
          if (figure) figures.set(`${edition}:${kind}:${code}`, figure);
        }
    }),
  );
  return figures;
}
