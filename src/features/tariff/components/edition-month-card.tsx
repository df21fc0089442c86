import type { ReactNode } from "react";

import { editionNames, editions, monthLabel, type Edition } from "@/lib/tariff-vocabulary";

import { monthInForceOf, type ReimbursementMonth } from "../pack-months";
import type { Reimbursement } from "../reimbursement";

/** Both editions' ids, England & Wales first: a pack's money is shown side by side in each. */
export const editionIds = editions.map((edition) => edition.id);

/**
 * One edition's card for its month in force (the latest it has published): the edition's name, a
 * line saying which month (`monthLine`), then the figures drawn from that month's reimbursement, or
 * why there are none: not listed that month, or nothing published yet.
 */
export function EditionMonthCard({
  edition,
  months,
  monthLine,
  gap,
  children,
}: {
  edition: Edition;
  months: ReimbursementMonth[];
  monthLine: (shown: ReimbursementMonth | undefined) => ReactNode;
  /** The space above the figures. */
  gap: "mt-2" | "mt-3";
  children: (result: Reimbursement) => ReactNode;
}) {
  const shown = monthInForceOf(months, edition);
  const result = shown?.editions[edition];
  return (
    <li className="rounded-xl border bg-card p-4 shadow-sm">
      <p className="font-medium">{editionNames[edition]}</p>
      {monthLine(shown)}
      {result ? (
        children(result)
      ) : (
        <p className={`${gap} text-sm text-muted-foreground`}>
          {shown
            ? `Not listed in ${editionNames[edition]} in ${monthLabel(shown.period)}.`
            : `Not published yet in ${editionNames[edition]}.`}
        </p>
      )}
    </li>
  );
}
