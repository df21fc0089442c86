import "server-only";

import { getPacksReimbursement } from "@/features/tariff/reimbursement-queries";
import type { Edition } from "@/lib/tariff-vocabulary";

import { figureThisMonth, type PackFigure } from "./margin";

/** The kinds of pack a line can be matched to. */
const kinds = ["drug", "appliance", "brand"] as const;

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
      const codes = lines.flatMap((line) => (line.kind === kind && line.code ? [line.code] : []));
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
