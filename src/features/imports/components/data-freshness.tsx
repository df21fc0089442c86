import { fromFirstOf, monthInForce } from "@/features/tariff/months";
import { monthLabel, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import { getDataFreshness } from "../freshness";

const updatedDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

/** "December 2026", "December 2026 and January 2027", "…, … and …". */
const listOf = (labels: string[]) =>
  labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;

/**
 * How current a data page is (ADR 117): the month on screen, when its part was last imported, and
 * the months published ahead of the month in force, e.g. "Showing November 2026 · updated 28 Nov
 * 2026 · December 2026 is published: in force from 1 December". A page without a month of its own
 * names the month in force, or the latest before it.
 */
export async function DataFreshnessLine({
  part,
  edition,
  shown,
  now = new Date(),
}: {
  part: PartId;
  edition: Edition;
  /** `YYYY-MM`: the month the page shows. */
  shown?: string;
  now?: Date;
}) {
  const freshness = await getDataFreshness(part, edition);
  if (!freshness) return <p className="text-sm text-muted-foreground">No data has been imported yet.</p>;
  const inForce = monthInForce(now).firstDate;
  const months = freshness.periods.map((period) => period.slice(0, 7));
  const ahead = months.filter((month) => `${month}-01` > inForce);
  const month = shown ?? months.filter((value) => `${value}-01` <= inForce).at(-1) ?? months[0]!;
  return (
    <p className="text-sm text-muted-foreground" data-testid="data-freshness">
      Showing {monthLabel(month)} · updated{" "}
      <time dateTime={freshness.updatedAt.toISOString()}>{updatedDate.format(freshness.updatedAt)}</time>
      {ahead.length > 0 && (
        <>
          {" "}
          · {listOf(ahead.map(monthLabel))} {ahead.length === 1 ? "is" : "are"} published: in force{" "}
          {listOf(ahead.map(fromFirstOf))}
        </>
      )}
    </p>
  );
}
