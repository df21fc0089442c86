import { PageSection } from "@/components/layout/page-section";
import {
  ScrollingTable,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { editionNames, formatPence, formatUnitPence, monthLabel } from "@/lib/tariff-vocabulary";

import { shortExplanation, type Reimbursement } from "../reimbursement";
import { monthChoiceLabel } from "../months";
import { absentWords, type ReimbursementMonth } from "../pack-months";
import { editionIds, EditionMonthCards } from "./edition-month-card";

function Figure({ result, unit }: { result: Reimbursement; unit: string | null }) {
  if (result.perPackPence === null) return <span className="text-muted-foreground">Not known</span>;
  return (
    <>
      <span className="font-semibold tabular-nums">{formatPence(result.perPackPence)}</span>
      {result.perUnitPence !== null && (
        <span className="block text-xs text-muted-foreground tabular-nums">
          {formatUnitPence(result.perUnitPence)} per {unit ?? "unit"}
        </span>
      )}
    </>
  );
}

/**
 * What a pharmacy can expect to be paid for the pack: the month in force with each step in words,
 * and the months published ahead of it and the twelve up to it, England & Wales beside Northern
 * Ireland. A month an edition has not published is "Not published yet", never "Not listed"
 * (`absentWords`).
 */
export function EffectiveReimbursement({
  months,
  name,
  unit,
}: {
  months: ReimbursementMonth[];
  name: string;
  unit: string | null;
}) {
  const inForce = months.find((month) => !month.coming);
  return (
    <PageSection id="effective-reimbursement" title="Effective reimbursement" className="space-y-3">
      <p className="max-w-3xl text-sm text-muted-foreground">
        What a pharmacy can expect to be paid for one pack dispensed in a month: the price in force, or the
        month&apos;s concession in its place, less the discount deduction each edition takes for the
        pack&apos;s group. Fees and allowances are not included.
      </p>
      {!inForce ? (
        <p className="text-muted-foreground">No month lists this pack.</p>
      ) : (
        <>
          <h3 className="font-medium">In force: {monthLabel(inForce.period)}</h3>
          <EditionMonthCards
            months={months}
            gap="mt-2"
            monthLine={(month) =>
              month && <p className="text-sm text-muted-foreground">{monthLabel(month.period)}</p>
            }
          >
            {(result) => (
              <>
                <p className="mt-2 text-lg">
                  <Figure result={result} unit={unit} />
                </p>
                <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
                  {result.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </>
            )}
          </EditionMonthCards>
          <ScrollingTable
            label={`Effective reimbursement of ${name}, last ${months.length} months`}
            caption={`Effective reimbursement of ${name} per pack, by month, in each edition`}
          >
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Month</TableHead>
                {editionIds.map((edition) => (
                  <TableHead key={edition} scope="col">
                    {editionNames[edition]}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {months.map((month) => (
                <TableRow key={month.period}>
                  <TableCell>{monthChoiceLabel(month.period, inForce.period)}</TableCell>
                  {editionIds.map((edition) => {
                    const result = month.editions[edition];
                    return (
                      <TableCell key={edition} className="align-top whitespace-normal">
                        {result ? (
                          <>
                            <Figure result={result} unit={unit} />
                            <span className="block text-xs text-muted-foreground">
                              {shortExplanation(result)}
                            </span>
                          </>
                        ) : (
                          <span className="text-muted-foreground">{absentWords(months, month, edition)}</span>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </ScrollingTable>
        </>
      )}
    </PageSection>
  );
}
