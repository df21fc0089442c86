import type { ComponentProps, ReactNode } from "react";

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
function EditionMonthCard({
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

/**
 * Both editions' cards side by side, England & Wales first, each for its own month in force: the
 * month line and the figures are drawn as each section gives them, the same in both cards.
 */
export function EditionMonthCards(card: Omit<ComponentProps<typeof EditionMonthCard>, "edition">) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {editionIds.map((edition) => (
        <EditionMonthCard key={edition} edition={edition} {...card} />
      ))}
    </ul>
  );
}
