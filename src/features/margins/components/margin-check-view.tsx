"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";

import { csvFileName } from "@/components/data-table/csv";
import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn, DataRow } from "@/components/data-table/format";
import { PageContainer } from "@/components/layout/page-container";
import { PageSection } from "@/components/layout/page-section";
import { Label } from "@/components/ui/label";
import { formatPence, monthLabel } from "@/lib/tariff-vocabulary";

import { marginUploadPath } from "../paths";
import type { MarginResult, MarginResultLine, UploadSummary } from "../queries";
import { CheckLine, Correction, DeleteUpload } from "./margin-line-actions";
import { Notice, Problems } from "./margin-notices";
import { UploadForm } from "./margin-upload-form";

const columns: DataColumn[] = [
  { id: "product", header: "Your product", priority: "name" },
  { id: "match", header: "Matched pack", hrefKey: "href", priority: "key" },
  { id: "confidence", header: "Confidence %", kind: "number", priority: "key" },
  { id: "cost", header: "Cost", kind: "pence", priority: "key" },
  { id: "reimbursement", header: "Reimbursement", kind: "pence", priority: "key", hintKey: "explanation" },
  { id: "margin", header: "Margin", kind: "pence", priority: "key" },
  { id: "marginPercent", header: "Margin %", kind: "percent", priority: "key" },
  { id: "flag", header: "Flag", priority: "key" },
  { id: "row", header: "Row", kind: "number", priority: "detail" },
  { id: "packSize", header: "Your pack size", priority: "detail" },
  { id: "productCode", header: "Your code", kind: "code", priority: "detail" },
  { id: "code", header: "Code", kind: "code", priority: "detail" },
  { id: "matchedBy", header: "Matched by", priority: "detail" },
];

/** The lines waiting for the user's check: what they wrote beside the pack proposed. */
const checkColumns: DataColumn[] = [
  { id: "product", header: "Your product", priority: "name" },
  { id: "packSize", header: "Your pack size", priority: "key" },
  { id: "match", header: "Proposed pack", hrefKey: "href", priority: "key" },
  { id: "confidence", header: "Confidence %", kind: "number", priority: "key" },
  { id: "cost", header: "Cost", kind: "pence", priority: "key" },
  { id: "row", header: "Row", kind: "number", priority: "detail" },
  { id: "productCode", header: "Your code", kind: "code", priority: "detail" },
];

const flagOf = (line: MarginResultLine) =>
  line.margin?.loss
    ? "Bought above reimbursement"
    : line.code
      ? ""
      : line.note && line.matchedBy !== "none"
        ? "Not priced"
        : "Unmatched";

const toRow = (line: MarginResultLine): DataRow => ({
  lineId: line.id,
  product: line.product,
  match: line.matchName ?? line.note ?? "No match",
  href: line.href,
  confidence: line.matchedBy === "none" ? null : line.confidence,
  cost: line.costPence,
  reimbursement: line.reimbursementPence,
  explanation: line.explanation,
  margin: line.margin?.pence ?? null,
  marginPercent: line.margin?.percent ?? null,
  flag: flagOf(line),
  row: line.row,
  packSize: line.packSize,
  productCode: line.productCode,
  code: line.code,
  matchedBy: line.matchedBy,
});

const filters = {
  all: { label: "All lines", keep: () => true },
  loss: { label: "Bought above reimbursement", keep: (line: MarginResultLine) => line.margin?.loss === true },
  unmatched: { label: "Not priced or unmatched", keep: (line: MarginResultLine) => !line.code },
} as const;
type FilterId = keyof typeof filters;

/** The margin check: an upload form, and the chosen upload's lines against this month's reimbursement. */
export function MarginCheckView({
  uploads,
  result,
}: {
  uploads: UploadSummary[];
  result: MarginResult | null;
}) {
  const router = useRouter();
  const [filter, setFilter] = useState<FilterId>("all");
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const checked = result ? result.lines.filter((line) => !line.needsChecking) : [];
  const unsure = result ? result.lines.filter((line) => line.needsChecking) : [];
  const shown = checked.filter(filters[filter].keep);
  const fileStem = result?.fileName.replace(/\.[a-z]+$/i, "") ?? "";
  return (
    <PageContainer width="full" className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">Margin Check</h1>
        <p className="max-w-3xl text-muted-foreground">
          Your buying prices against what each pack is expected to be reimbursed this month in your edition:
          the price in force or the month&apos;s concession, less the discount deduction. Private to your
          licence.
        </p>
      </header>
      <PageSection id="upload" title="Check a price list" className="space-y-3">
        <UploadForm />
      </PageSection>
      {uploads.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full max-w-md space-y-1">
            <Label htmlFor={`${id}-upload`}>Upload</Label>
            <select
              id={`${id}-upload`}
              className="h-9 w-full rounded-md border bg-background px-2"
              value={result?.id ?? ""}
              onChange={(event) => router.push(marginUploadPath(event.target.value))}
            >
              {uploads.map((upload) => (
                <option key={upload.id} value={upload.id}>
                  {upload.fileName} —{" "}
                  {new Date(upload.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })}
                </option>
              ))}
            </select>
          </div>
          {result && <DeleteUpload key={result.id} upload={result} />}
        </div>
      )}
      {notice && <Notice message={notice} />}
      {result && unsure.length > 0 && (
        <PageSection
          id="needs-checking"
          title={`Needs checking (${unsure.length.toLocaleString("en-GB")})`}
          className="space-y-3"
        >
          <p className="max-w-3xl text-sm text-muted-foreground">
            These lines&apos; names were matched less surely than we count on: each stays out of the totals
            until you confirm the pack proposed or correct it to the pack&apos;s code. Your answer is
            remembered for your licence&apos;s later uploads.
          </p>
          <DataTable
            columns={checkColumns}
            rows={unsure.map(toRow)}
            caption={`Lines of ${result.fileName} that need checking`}
            fileName={csvFileName(["margin-check", fileStem, "needs-checking"])}
            linkFrom={marginUploadPath(result.id)}
            rowAction={{ header: "Check", render: (row) => <CheckLine row={row} onDone={setNotice} /> }}
          />
        </PageSection>
      )}
      {result && (
        <PageSection
          id="margins"
          title={`${result.fileName}${result.period ? `, ${monthLabel(result.period)}` : ""}`}
          className="space-y-3"
        >
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals">
            {[
              ["Lines", result.totals.lines.toLocaleString("en-GB")],
              ["With a reimbursement", result.totals.matched.toLocaleString("en-GB")],
              ["Needs checking", result.totals.needsChecking.toLocaleString("en-GB")],
              ["Cost of those lines", formatPence(result.totals.costPence)],
              ["Margin", formatPence(result.totals.marginPence)],
              ["Bought above reimbursement", result.totals.losses.toLocaleString("en-GB")],
            ].map(([term, value]) => (
              <div key={term} className="rounded-md border p-2">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {result.problems.length > 0 && <Problems problems={result.problems} />}
          <div className="space-y-1">
            <Label htmlFor={`${id}-filter`}>Show</Label>
            <select
              id={`${id}-filter`}
              className="h-9 rounded-md border bg-background px-2"
              value={filter}
              onChange={(event) => setFilter(event.target.value as FilterId)}
            >
              {Object.entries(filters).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <DataTable
            columns={columns}
            rows={shown.map(toRow)}
            caption={`Margins of ${result.fileName}`}
            fileName={csvFileName(["margin-check", fileStem])}
            emptyMessage="No line matches this filter."
            linkFrom={marginUploadPath(result.id)}
            rowAction={{
              header: "Correct match",
              render: (row) => (
                <Correction lineId={Number(row.lineId)} product={String(row.product)} onDone={setNotice} />
              ),
            }}
          />
        </PageSection>
      )}
    </PageContainer>
  );
}
