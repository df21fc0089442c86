import type { FreshnessLine } from "@/features/tariff/components/data-page-header";
import { fromFirstOf, monthInForce } from "@/features/tariff/months";
import { getEnv } from "@/lib/env";
import { getCurrentUser } from "@/lib/session";
import { addMonths, monthLabel, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import { getDataFreshness } from "../freshness";
import { getIllustrativeMonths } from "../illustrative";

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
 * names the month in force, or the latest before it. When the newest month loaded is older than the
 * month in force (a list published less often: more than a quarter older), it says so plainly, and
 * how newer months are fetched (ADR 210): pages still open on the newest month there is.
 */
export async function DataFreshnessLine({
  part,
  edition,
  shown,
  cadence = part === "cat-m" || part === "dmd" ? "latest" : "monthly",
  now = new Date(),
}: {
  part: PartId;
  edition: Edition;
  /** `YYYY-MM`: the month the page shows. */
  shown?: string;
  /** Monthly, or a list whose latest release stays in force (Category M, quarterly). */
  cadence?: "monthly" | "latest";
  now?: Date;
}) {
  const freshness = await getDataFreshness(part, edition);
  if (!freshness) return <p className="text-sm text-muted-foreground">No data has been imported yet.</p>;
  const inForce = monthInForce(now).firstDate;
  const months = freshness.periods.map((period) => period.slice(0, 7));
  const ahead = months.filter((month) => `${month}-01` > inForce);
  const month = shown ?? months.filter((value) => `${value}-01` <= inForce).at(-1) ?? months[0]!;
  const newest = months.at(-1)!;
  const behind = `${addMonths(newest, cadence === "monthly" ? 1 : 3)}-01` <= inForce;
  // Who can fetch is read only when it matters: an owner, or anyone on the embedded default.
  const canFetch =
    behind && (getEnv().EMBEDDED_DATABASE === "1" || (await getCurrentUser())?.isOwner === true);
  return (
    <>
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
      {behind && <NewestMonthNotice newest={newest} inForce={inForce.slice(0, 7)} canFetch={canFetch} />}
    </>
  );
}

/**
 * "July 2026 is the newest month loaded; November 2026, the month in force, is not": months after
 * the newest are never made up. Who can fetch them is told how.
 */
function NewestMonthNotice({
  newest,
  inForce,
  canFetch,
}: {
  newest: string;
  inForce: string;
  canFetch: boolean;
}) {
  return (
    <p className="max-w-3xl text-sm" data-testid="newest-month">
      {monthLabel(newest)} is the newest month loaded; {monthLabel(inForce)}, the month in force, is not.{" "}
      {canFetch ? (
        <>
          Fetch newer months from NHSBSA and Community Pharmacy England with <code>npm run fetch</code>, or
          Master Admin → Data imports → Fetch now.
        </>
      ) : (
        "Newer months appear here once they are published and fetched."
      )}
    </p>
  );
}

/**
 * What every page showing the demo's generated Northern Ireland edition says (ADR 210). With a part
 * (and a month), only when that part's (month's) Northern Ireland data is the generated one; without,
 * whenever any is loaded (a product page shows every part and month).
 */
export async function IllustrativeNiNotice({ part, month }: { part?: PartId; month?: string }) {
  const months = await getIllustrativeMonths();
  const applies = part
    ? month
      ? (months[part] ?? []).includes(month.slice(0, 7))
      : (months[part] ?? []).length > 0
    : Object.keys(months).length > 0;
  if (!applies) return null;
  return (
    <p
      role="note"
      data-testid="illustrative-ni"
      className="max-w-3xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <strong>Illustrative Northern Ireland prices.</strong> The Northern Ireland Drug Tariff is not published
      as files, so the Northern Ireland edition of this demo is generated from the real England &amp; Wales
      tariff by the Northern Ireland rules. Do not rely on it: check the published Northern Ireland Drug
      Tariff.
    </p>
  );
}

/**
 * What a data page's header says of its data (`DataPageHeader`'s `freshness`): that Northern
 * Ireland's is illustrative, where the page shows the demo's (ADR 210), and how current it is.
 */
export const dataFreshness: FreshnessLine = ({ northernIreland, ...data }) => (
  <>
    {northernIreland && <IllustrativeNiNotice part={data.part} month={data.shown} />}
    <DataFreshnessLine {...data} />
  </>
);
