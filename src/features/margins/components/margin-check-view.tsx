"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { csvFileName } from "@/components/data-table/csv";
import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn, DataRow } from "@/components/data-table/format";
import { PageContainer } from "@/components/layout/page-container";
import { PageSection } from "@/components/layout/page-section";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatPence, monthLabel } from "@/lib/tariff-vocabulary";

import { confirmMarginMatch, correctMarginMatch, deleteMarginUpload } from "../actions";
import type { MarginMapping } from "../margin";
import { marginCheckPath, marginUploadPath } from "../paths";
import type { MarginResult, MarginResultLine, UploadSummary } from "../queries";

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

type Preview = { headers: string[]; sample: string[][]; rows: number; mapping: MarginMapping | null };

const errorOf = async (response: Response) =>
  ((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ??
  "The file could not be checked.";

/** Upload or paste, map the columns, then save: the server matches and saves the lines. */
function UploadForm() {
  const router = useRouter();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<MarginMapping>({
    product: null,
    code: null,
    packSize: null,
    cost: "",
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ row: number; message: string }[]>([]);

  const body = (): { name: string; blob: Blob } | null =>
    file
      ? { name: file.name, blob: file }
      : pasted.trim()
        ? { name: "Pasted rows", blob: new Blob([pasted]) }
        : null;
  const send = (url: string, extra: Record<string, string> = {}) => {
    const sent = body()!;
    return fetch(url, {
      method: "POST",
      body: sent.blob,
      headers: {
        "content-type": "application/octet-stream",
        "x-file-name": encodeURIComponent(sent.name),
        ...extra,
      },
    });
  };

  async function readColumns(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!body()) return setError("Choose a CSV or XLSX file, or paste rows with a header row.");
    setBusy("Reading the columns…");
    const response = await send("/api/margin-check/preview");
    setBusy(null);
    if (!response.ok) return setError(await errorOf(response));
    const read = (await response.json()) as Preview;
    setPreview(read);
    setMapping(
      read.mapping ?? {
        product: read.headers[0] ?? null,
        code: null,
        packSize: null,
        cost: read.headers[1] ?? "",
      },
    );
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setProblems([]);
    if (!mapping.product && !mapping.code)
      return setError("Choose the column with the product's name, its code, or both.");
    setBusy(
      `Matching ${preview?.rows.toLocaleString("en-GB") ?? ""} lines and working out margins… A large file takes a minute or more.`,
    );
    const response = await send("/api/margin-check/uploads", {
      "x-margin-mapping": encodeURIComponent(JSON.stringify(mapping)),
    });
    setBusy(null);
    if (!response.ok) return setError(await errorOf(response));
    const saved = (await response.json()) as { id: string; problems: { row: number; message: string }[] };
    setProblems(saved.problems);
    setPreview(null);
    router.push(marginUploadPath(saved.id));
    router.refresh();
  }

  const select = (field: keyof MarginMapping, label: string, optional = false) => (
    <div className="space-y-1">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <select
        id={`${id}-${field}`}
        className="h-9 w-full rounded-md border bg-background px-2"
        value={mapping[field] ?? ""}
        required={!optional}
        onChange={(event) =>
          setMapping({ ...mapping, [field]: event.target.value || (optional ? null : "") })
        }
      >
        {optional ? <option value="">(none)</option> : <option value="">Choose a column</option>}
        {preview!.headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="space-y-4">
      {preview === null ? (
        <form onSubmit={readColumns} className="space-y-4" aria-describedby={`${id}-limits`}>
          <p id={`${id}-limits`} className="text-sm text-muted-foreground">
            A CSV or XLSX file up to 10 MB and 20,000 lines, its first row the column names; or paste rows
            from a spreadsheet, header row first.
          </p>
          <div className="space-y-1">
            <Label htmlFor={`${id}-file`}>Price list or buying history</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-paste`}>Or paste rows</Label>
            <textarea
              id={`${id}-paste`}
              className="min-h-24 w-full rounded-md border bg-background p-2 font-mono text-sm"
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={busy !== null}>
            Read columns
          </Button>
        </form>
      ) : (
        <form onSubmit={check} className="space-y-4">
          <p className="text-sm">
            {preview.rows.toLocaleString("en-GB")} rows found. Choose the columns; they are remembered for
            your licence&apos;s next upload. A code decides the pack; a name decides the product and the pack
            size its pack.
          </p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {select("product", "Product name", true)}
            {select("code", "Product code", true)}
            {select("packSize", "Pack size", true)}
            {select("cost", "Cost (£ per pack)")}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy !== null}>
              Check margins
            </Button>
            <Button type="button" variant="outline" onClick={() => setPreview(null)}>
              Choose another file
            </Button>
          </div>
        </form>
      )}
      {busy && (
        <div role="status" className="space-y-2">
          <progress className="w-full" aria-label="Progress" />
          <p className="text-sm">{busy}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {error}
        </p>
      )}
      {problems.length > 0 && <Problems problems={problems} />}
    </div>
  );
}

function Problems({ problems }: { problems: { row: number; message: string }[] }) {
  return (
    <div role="status" className="rounded-md border p-3 text-sm">
      <p>
        {problems.length.toLocaleString("en-GB")} {problems.length === 1 ? "row was" : "rows were"} not
        checked; the other rows were.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.slice(0, 20).map((problem) => (
          <li key={`${problem.row}-${problem.message}`}>{problem.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A line's correction: the code of the pack it is, remembered for the licence. */
function Correction({
  lineId,
  product,
  onDone,
}: {
  lineId: number;
  product: string;
  onDone: (message: string) => void;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  if (!open)
    return (
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Correct the match of ${product}`}
      >
        Correct
      </Button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-1"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await correctMarginMatch({ lineId, code });
        if (!result.ok) return setMessage(result.message);
        setOpen(false);
        onDone(`${product} corrected to the pack with code ${result.data.code}.`);
        router.refresh();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Pack code for {product}
      </Label>
      <Input
        id={id}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        placeholder="Pack code"
        className="h-8 w-32"
        autoFocus
        required
      />
      <Button type="submit" size="sm">
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {message && (
        <span role="alert" className="text-xs text-destructive">
          {message}
        </span>
      )}
    </form>
  );
}

/** A line waiting to be checked: confirm the pack proposed, or correct it to another. */
function CheckLine({ row, onDone }: { row: DataRow; onDone: (message: string) => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const product = String(row.product);
  const lineId = Number(row.lineId);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {row.code && (
        <Button
          type="button"
          size="sm"
          disabled={busy}
          aria-label={`Confirm ${product} is ${String(row.match)}`}
          onClick={async () => {
            setBusy(true);
            const result = await confirmMarginMatch({ lineId });
            setBusy(false);
            if (!result.ok) return setMessage(result.message);
            onDone(`${product} confirmed as ${String(row.match)}.`);
            router.refresh();
          }}
        >
          Confirm
        </Button>
      )}
      <Correction lineId={lineId} product={product} onDone={onDone} />
      {message && (
        <span role="alert" className="text-xs text-destructive">
          {message}
        </span>
      )}
    </div>
  );
}

/** Deletes the upload shown, after a second press: room for another under the licence's limit. */
function DeleteUpload({ upload }: { upload: { id: string; fileName: string } }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!asking)
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
        Delete this upload
      </Button>
    );
  return (
    <div role="group" aria-label="Delete this upload" className="flex flex-wrap items-center gap-2 text-sm">
      <span>Delete {upload.fileName} and its lines?</span>
      <Button
        type="button"
        size="sm"
        variant="destructive"
        autoFocus
        onClick={async () => {
          const result = await deleteMarginUpload({ uploadId: upload.id });
          if (!result.ok) return setMessage(result.message);
          router.push(marginCheckPath);
          router.refresh();
        }}
      >
        Delete
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
        Keep it
      </Button>
      {message && (
        <span role="alert" className="text-destructive">
          {message}
        </span>
      )}
    </div>
  );
}

/** What was just confirmed or corrected, taking the focus from the row that left the list. */
function Notice({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="rounded-md border p-3 text-sm">
      {message}
    </p>
  );
}

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
