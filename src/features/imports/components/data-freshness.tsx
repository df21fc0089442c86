import { monthNames, type Edition } from "@/lib/tariff-vocabulary";

import { getDataFreshness } from "../freshness";
import type { PartId } from "@/lib/tariff-vocabulary";

const updatedDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

/** "Data as of July 2026 · updated 26 Nov 2026", from the import records, on every data page (ADR 117). */
export async function DataFreshnessLine({ part, edition }: { part: PartId; edition: Edition }) {
  const freshness = await getDataFreshness(part, edition);
  if (!freshness) return <p className="text-sm text-muted-foreground">No data has been imported yet.</p>;
  const [year, month] = freshness.latestPeriod.split("-").map(Number) as [number, number];
  return (
    <p className="text-sm text-muted-foreground" data-testid="data-freshness">
      Data as of {monthNames[month - 1]} {year} · updated{" "}
      <time dateTime={freshness.updatedAt.toISOString()}>{updatedDate.format(freshness.updatedAt)}</time>
    </p>
  );
}
