import { csvFileName } from "@/components/data-table/csv";
import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn, DataRow } from "@/components/data-table/format";
import { ListFilters } from "@/components/data-table/list-filters";
import { PageContainer } from "@/components/layout/page-container";
import { PageSection } from "@/components/layout/page-section";
import { currentPeriod, monthLabel } from "@/lib/tariff-vocabulary";

import { monthChoiceLabel } from "../months";

import {
  comparedParts,
  comparisonLimit,
  type ComparedPack,
  type ComparedPart,
  type EditionComparison,
} from "../reimbursement-queries";
import { DataPageHeader, type FreshnessLine } from "./data-page-header";

export const compareEditionsPath = "/compare-editions";

const title = "Compare Editions";
const explanation =
  "The packs whose expected reimbursement differs most between England & Wales and Northern Ireland: each edition's price in force, or the month's concession, less its own discount deduction.";

const pence = (id: string, header: string, hintKey?: string): DataColumn => ({
  id,
  header,
  kind: "pence",
  priority: "key",
  hintKey,
});
const detail = (id: string, header: string, kind: DataColumn["kind"]): DataColumn => ({
  id,
  header,
  kind,
  priority: "detail",
});

const columns: DataColumn[] = [
  { id: "name", header: "Pack", hrefKey: "href", priority: "name" },
  { id: "category", header: "Category" },
  pence("ewReimbursement", "England & Wales per pack", "ewHint"),
  pence("niReimbursement", "Northern Ireland per pack", "niHint"),
  pence("difference", "Difference (NI − E&W)"),
  { id: "differencePercent", header: "Difference %", kind: "percent", priority: "key" },
  detail("packSize", "Pack size", "number"),
  detail("unit", "Unit", "text"),
  detail("ewPrice", "England & Wales price", "pence"),
  detail("niPrice", "Northern Ireland price", "pence"),
  detail("concession", "Concession", "pence"),
  detail("ewRate", "England & Wales deduction", "percent"),
  detail("niRate", "Northern Ireland deduction", "percent"),
  detail("code", "SNOMED code", "code"),
];

const rate = (bp: number | null) => (bp === null ? null : bp / 100);

function toRow(pack: ComparedPack): DataRow {
  const { englandAndWales: ew, northernIreland: ni } = pack;
  return {
    name: pack.name,
    href: pack.href,
    category: pack.category,
    ewReimbursement: ew.perPackPence,
    ewHint: ew.explanation,
    niReimbursement: ni.perPackPence,
    niHint: ni.explanation,
    difference: pack.differencePence,
    differencePercent: pack.differencePercent,
    packSize: pack.packSize,
    unit: pack.unit,
    ewPrice: ew.pricePence,
    niPrice: ni.pricePence,
    concession: ew.concessionPence,
    ewRate: rate(ew.rateBp),
    niRate: rate(ni.rateBp),
    code: pack.code,
  };
}

/** The comparison of the editions for a subscriber, whom the page has authorised. */
export function CompareEditionsView({
  part,
  comparison,
  freshness,
}: {
  part: ComparedPart;
  comparison: EditionComparison;
  freshness: FreshnessLine;
}) {
  const { period, category } = comparison;
  const partName = comparedParts[part].label;
  const query = new URLSearchParams({
    part,
    ...(period ? { month: period } : {}),
    ...(category ? { category } : {}),
  });
  return (
    <PageContainer width="full" className="space-y-6">
      <DataPageHeader
        title={title}
        explanation={explanation}
        source={{ part, edition: 1 }}
        shown={period ?? undefined}
        northernIreland
        freshness={freshness}
      />
      <ListFilters
        months={comparison.periods.map((value) => ({
          value,
          label: monthChoiceLabel(value, currentPeriod()),
          hasData: true,
        }))}
        month={period ?? ""}
        filters={[
          {
            name: "part",
            label: "Part",
            required: true,
            value: part,
            options: Object.entries(comparedParts).map(([value, { label }]) => ({ value, label })),
          },
          {
            name: "category",
            label: part === "ix" ? "Part (England & Wales)" : "Category",
            value: category ?? "",
            options: comparison.categories.map((value) => ({ value, label: value })),
          },
        ]}
      />
      {period === null ? (
        <p role="status" className="rounded-lg border bg-muted/40 p-4">
          No month of {partName} has been imported for both editions yet.
        </p>
      ) : (
        <PageSection id="compared-packs" title={`${partName}, ${monthLabel(period)}`} className="space-y-3">
          <p className="max-w-3xl text-sm text-muted-foreground">
            {comparison.total.toLocaleString("en-GB")} packs are priced by both editions
            {category ? ` in ${category}` : ""}
            {comparison.total > comparisonLimit
              ? `; the ${comparisonLimit} that differ most per pack are listed.`
              : "."}{" "}
            Difference is Northern Ireland&apos;s reimbursement less England &amp; Wales&apos;, and as a share
            of England &amp; Wales&apos;.
          </p>
          <DataTable
            columns={columns}
            rows={comparison.packs.map(toRow)}
            caption={`Effective reimbursement by edition, ${partName}, ${monthLabel(period)}`}
            fileName={csvFileName(["compare-editions", part, ...(category ? [category] : []), period])}
            emptyMessage="No pack is priced by both editions with these filters."
            linkFrom={`${compareEditionsPath}?${query}`}
          />
        </PageSection>
      )}
    </PageContainer>
  );
}
