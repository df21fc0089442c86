import Link from "next/link";

import { BarChartFigure } from "@/components/charts/bar-chart-figure";
import { ListTable } from "@/components/data-table/list-table";
import { ListFilters } from "@/components/data-table/list-filters";
import { MonthNotice } from "@/components/data-table/month-notice";
import { PageContainer } from "@/components/layout/page-container";
import { DataPageHeader, type FreshnessLine } from "@/features/tariff/components/data-page-header";
import { refusalMessage } from "@/features/tariff/month-choice";
import { monthOptionOf } from "@/features/tariff/months";
import { PageSection } from "@/components/layout/page-section";
import { monthLabel, partLabel, shortMonthLabel, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import { biggestMovers, continuousCounts, percentBuckets } from "../analysis";
import { exportFileName, insightPages, insightPart } from "../insight-pages";
import type { ChangeRow, InsightKind, InsightMonth } from "../queries";

function Heading({
  kind,
  edition,
  part,
  shown,
  freshness,
}: {
  kind: InsightKind;
  edition: Edition;
  part: PartId;
  shown?: string;
  freshness: FreshnessLine;
}) {
  const page = insightPages[kind];
  return (
    <DataPageHeader
      title={page.title(edition)}
      explanation={page.explanation}
      source={{ part, edition }}
      shown={shown}
      freshness={freshness}
    />
  );
}

/** Category M is an England & Wales list: Northern Ireland's users get a pointer, not an empty page. */
export function EnglandAndWalesOnly({ kind, freshness }: { kind: InsightKind; freshness: FreshnessLine }) {
  return (
    <PageContainer width="full" className="space-y-6">
      <Heading kind={kind} edition={1} part={insightPart(kind, 1, {})} freshness={freshness} />
      <p role="status" className="rounded-lg border bg-muted/40 p-4">
        Category M is England & Wales only: Northern Ireland prices these medicines in Part I. See{" "}
        <Link href="/insights/price-changes-partviiia" className="underline underline-offset-2">
          Part I Price Changes
        </Link>
        .
      </p>
    </PageContainer>
  );
}

const moverLabel = (row: ChangeRow) =>
  `${row.name}${row.packSize === null ? "" : ` (${row.packSize.toLocaleString("en-GB")}${row.unitOfMeasure ? ` ${row.unitOfMeasure}` : ""})`}`;

function PriceCharts({ rows, when }: { rows: ChangeRow[]; when: string }) {
  const buckets = percentBuckets(rows.map((row) => row.priceChangePercent));
  const movers = biggestMovers(rows);
  const moverCharts = [
    { word: "increases", list: movers.up, color: "#b91c1c" },
    { word: "decreases", list: movers.down, color: "#1d4ed8" },
  ];
  const describe = (list: ChangeRow[], word: string) =>
    list.length === 0
      ? `No price ${word} in ${when}.`
      : `The ${list.length} biggest price ${word} in ${when}, from ${moverLabel(list[0]!)} at ${list[0]!.priceChangePercent}%.`;
  return (
    <>
      <BarChartFigure
        title={`How far prices moved in ${when}`}
        label={`Histogram of the ${rows.length} price changes in ${when} by percentage: ${buckets
          .filter((bucket) => bucket.count > 0)
          .map((bucket) => `${bucket.label}: ${bucket.count}`)
          .join("; ")}.`}
        groupHeader="Change"
        data={buckets.map((bucket) => ({ label: bucket.label, count: bucket.count }))}
        series={[{ key: "count", name: "Packs", color: "#1d4ed8" }]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        {moverCharts.map(({ word, list, color }) => (
          <BarChartFigure
            key={word}
            title={`Biggest ${word}`}
            label={describe(list, word)}
            groupHeader="Pack"
            horizontal
            format="percent"
            data={list.map((row) => ({ label: moverLabel(row), percent: row.priceChangePercent! }))}
            series={[{ key: "percent", name: "Change %", color }]}
          />
        ))}
      </div>
    </>
  );
}

/** One insights page: the month selector, the month's changes, and the charts around them. */
export function InsightView({
  kind,
  edition,
  data,
  params,
  rowsUrl,
  freshness,
}: {
  kind: InsightKind;
  edition: Edition;
  data: InsightMonth;
  params: Record<string, string>;
  /** Where the table fetches the rows the filters keep (`insightRowsPath`). */
  rowsUrl: string;
  freshness: FreshnessLine;
}) {
  const page = insightPages[kind];
  const { selection, rows } = data;
  const counts = continuousCounts(data.counts, page.periodWord);
  const when = monthLabel(selection.selected);
  // Additions & Deletions covers several parts: name the one shown, and keep it in links.
  const chosenPart = kind === "additions-deletions" ? data.part : null;
  const title = chosenPart
    ? `${page.title(edition)}, ${partLabel(chosenPart, edition)}`
    : page.title(edition);
  const latestHref = (month: string) =>
    `${page.path}?${new URLSearchParams({ month, ...(chosenPart ? { part: chosenPart } : {}) })}`;
  return (
    <PageContainer width="full" className="space-y-8">
      <Heading
        kind={kind}
        edition={edition}
        part={data.part}
        shown={selection.selected}
        freshness={freshness}
      />
      {selection.refused && (
        <MonthNotice
          message={refusalMessage(selection.refused, title, monthOptionOf(selection.selected))}
          month={selection.selected}
        />
      )}
      <ListFilters
        months={selection.months}
        olderMonths={selection.older}
        month={selection.selected}
        searchLabel="Search by name"
        filters={page.filters(params, edition)}
      />
      {selection.selectedHasData ? (
        <PageSection
          id="month-changes"
          title={
            <>
              {page.periodWord === "quarter" ? `Quarter from ${when}` : when}
              {chosenPart && `: ${partLabel(chosenPart, edition)}`}
            </>
          }
          className="space-y-3"
        >
          {/* The rows come from the rows route, as a list page's do (ADR 013): the page's cost does
              not grow with the month's changes. The browser starts on them as the page arrives. */}
          <link rel="preload" as="fetch" href={rowsUrl} crossOrigin="anonymous" />
          <ListTable
            rowsUrl={rowsUrl}
            columns={page.columns}
            caption={`${title}, ${when}`}
            fileName={exportFileName(kind, edition, selection.selected, data.part)}
            emptyMessage="No changes match the filters."
            linkFrom={`${page.path}?${new URLSearchParams(params)}`}
          />
        </PageSection>
      ) : (
        <p role="status" className="rounded-lg border bg-muted/40 p-4">
          {page.periodWord === "quarter"
            ? `Category M changes once a quarter: there are no changes for ${when}.`
            : `There are no changes for ${when} yet.`}{" "}
          {selection.latest ? (
            <Link href={latestHref(selection.latest)} className="underline underline-offset-2">
              See {monthLabel(selection.latest)}, the latest {page.periodWord} with data
            </Link>
          ) : (
            "No data has been imported yet."
          )}
        </p>
      )}
      <PageSection id="insight-charts" title="Charts" className="space-y-8">
        <BarChartFigure
          title={`Changes per ${page.periodWord}`}
          label={`Bar chart of ${page.counts.map((line) => line.name.toLowerCase()).join(" and ")} per ${page.periodWord}, ${
            counts.length
          } ${page.periodWord}s${
            counts.length
              ? ` from ${shortMonthLabel(counts[0]!.period)} to ${shortMonthLabel(counts[counts.length - 1]!.period)}`
              : ""
          }.`}
          groupHeader={page.periodWord === "quarter" ? "Quarter from" : "Month"}
          stacked
          data={counts.map((row) => ({
            label: shortMonthLabel(row.period),
            ...Object.fromEntries(page.counts.map((line) => [line.key, row[line.key]])),
          }))}
          series={page.counts.map(({ key, name, color }) => ({ key, name, color }))}
        />
        {page.priceCharts && selection.selectedHasData && <PriceCharts rows={rows} when={when} />}
      </PageSection>
    </PageContainer>
  );
}
