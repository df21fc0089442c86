import "server-only";

import { shortExplanation } from "@/features/tariff/reimbursement";
import { monthInForceOf, type ReimbursementMonth } from "@/features/tariff/pack-months";
import { getPacksReimbursement } from "@/features/tariff/reimbursement-queries";
import type { Edition, Period } from "@/lib/tariff-vocabulary";
import { productKinds } from "@/lib/tariff-vocabulary";

/**
 * The one place the margin check reads money: every pack's reimbursement (ADR 120) comes through
 * `packFigures`, so the page, the upload's check and the loss alerts cannot read it two ways.
 */

/**
 * A pack's reimbursement in force for an edition (product §3.1): the month in force, or the latest
 * month before it the edition has published; never a month published ahead of its 1st.
 */
export type PackFigure = { perPack: number | null; explanation: string; period: Period };

export function figureThisMonth(months: ReimbursementMonth[], edition: Edition): PackFigure | null {
  const inForce = monthInForceOf(months, edition);
  const figure = inForce?.editions[edition];
  if (!inForce || !figure) return null;
  return { perPack: figure.perPackPence, explanation: shortExplanation(figure), period: inForce.period };
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
    productKinds.map(async (kind) => {
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
