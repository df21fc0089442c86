import { PageSection } from "@/components/layout/page-section";
import { editionNames, formatPence, formatUnitPence, monthLabel } from "@/lib/tariff-vocabulary";

import { fromFirstOf, fromFirstOfAtStart } from "../months";
import type { ProductKind } from "../product-queries";
import { formatRate, type Reimbursement } from "../reimbursement";
import { monthInForceOf, type ReimbursementMonth } from "../pack-months";
import { editionIds, EditionMonthCards } from "./edition-month-card";

const priceLabels: Record<ProductKind, string> = {
  drug: "Basic price",
  appliance: "Price",
  brand: "NHS indicative price",
};

/** The figures of one edition's month: the price, the concession in its place, the deduction and what is paid. */
function Money({ result, kind, unit }: { result: Reimbursement; kind: ProductKind; unit: string | null }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-sm text-muted-foreground">{priceLabels[kind]}</dt>
      <dd className="text-right tabular-nums">{formatPence(result.pricePence)}</dd>
      {result.concessionPence !== null && (
        <>
          <dt className="text-sm text-muted-foreground">Concession (replaces the basic price)</dt>
          <dd className="text-right tabular-nums">{formatPence(result.concessionPence)}</dd>
        </>
      )}
      <dt className="text-sm text-muted-foreground">Discount</dt>
      <dd className="text-right tabular-nums">
        {result.rateBp === null
          ? "No rate recorded"
          : result.rateBp === 0
            ? "None"
            : formatRate(result.rateBp)}
      </dd>
      <dt className="text-sm text-muted-foreground">Net price</dt>
      <dd className="text-right text-lg font-semibold tabular-nums">
        {result.perPackPence === null ? "Not known" : formatPence(result.perPackPence)}
        {result.perUnitPence !== null && (
          <span className="block text-xs font-normal text-muted-foreground">
            {formatUnitPence(result.perUnitPence)} per {unit ?? "unit"}
          </span>
        )}
      </dd>
    </dl>
  );
}

/** How a net price moves from one month to the next: "£7.99 → £8.50 (+£0.51)". */
function change(before: number | null, after: number | null): string {
  if (before === null || after === null) return after === null ? "Not known" : formatPence(after);
  if (before === after) return `${formatPence(after)} (no change)`;
  const sign = after > before ? "+" : "−";
  return `${formatPence(before)} → ${formatPence(after)} (${sign}${formatPence(Math.abs(after - before))})`;
}

/**
 * A pack's money in force in each edition (product §3.2): the month in force, or the latest month an
 * edition has published before it, worked out by the pricing model; and for each month published
 * ahead ("From 1 December"), what changes. The effective reimbursement section below explains the
 * same figures step by step.
 */
export function CurrentPrice({
  months,
  kind,
  unit,
}: {
  months: ReimbursementMonth[];
  kind: ProductKind;
  unit: string | null;
}) {
  const inForce = months.find((month) => !month.coming);
  const coming = months.filter((month) => month.coming).reverse();
  return (
    <PageSection id="current-prices" title="Current price" className="space-y-3">
      {!inForce ? (
        <p className="text-muted-foreground">No price is listed for this pack.</p>
      ) : (
        <EditionMonthCards
          months={months}
          gap="mt-3"
          monthLine={(shown) => (
            <p className="text-sm text-muted-foreground">
              {shown ? monthLabel(shown.period) : monthLabel(inForce.period)}
              {shown &&
                shown.period !== inForce.period &&
                ` (${monthLabel(inForce.period)} not published yet)`}
            </p>
          )}
        >
          {(result) => <Money result={result} kind={kind} unit={unit} />}
        </EditionMonthCards>
      )}
      {inForce &&
        coming.map((month) => (
          <Coming key={month.period} month={month} months={months} kind={kind} unit={unit} />
        ))}
    </PageSection>
  );
}

/** "From 1 December": each edition's money in a month published ahead, against the month in force. */
function Coming({
  month,
  months,
  kind,
  unit,
}: {
  month: ReimbursementMonth;
  months: ReimbursementMonth[];
  kind: ProductKind;
  unit: string | null;
}) {
  const from = fromFirstOf(month.period);
  const heading = `${fromFirstOfAtStart(month.period)} ${month.period.slice(0, 4)}`;
  return (
    <section aria-label={heading} className="rounded-xl border border-dashed bg-card p-4">
      <h3 className="font-medium">{heading}</h3>
      <p className="text-sm text-muted-foreground">
        {monthLabel(month.period)} is published ahead of the 1st: these figures apply {from}.
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {editionIds.map((edition) => {
          const now = monthInForceOf(months, edition)?.editions[edition];
          const next = month.editions[edition];
          return (
            <li key={edition}>
              <p className="text-sm font-medium">{editionNames[edition]}</p>
              {month.standing[edition] === "not-published" ? (
                <p className="text-sm text-muted-foreground">Not published yet.</p>
              ) : !next ? (
                <p className="text-sm">Not listed from {from.slice(5)}.</p>
              ) : (
                <>
                  <p className="text-sm">
                    Net price:{" "}
                    <span className="tabular-nums">
                      {change(now?.perPackPence ?? null, next.perPackPence)}
                    </span>
                  </p>
                  <Money result={next} kind={kind} unit={unit} />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
