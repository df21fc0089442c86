"use client";

import { useId } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import type { MarginMapping } from "../margin";
import { Problems } from "./margin-notices";
import { useMarginUpload, type Preview } from "./use-margin-upload";

type Upload = ReturnType<typeof useMarginUpload>;

/** Upload or paste, map the columns, then save: the server matches and saves the lines. */
export function UploadForm() {
  const upload = useMarginUpload();
  const { preview, busy, error, problems } = upload;
  return (
    <div className="space-y-4">
      {preview === null ? <FileForm upload={upload} /> : <MappingForm upload={upload} preview={preview} />}
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

/** The file to check, or rows pasted from a spreadsheet. */
function FileForm({ upload: { setFile, pasted, setPasted, busy, readColumns } }: { upload: Upload }) {
  const id = useId();
  return (
    <form onSubmit={readColumns} className="space-y-4" aria-describedby={`${id}-limits`}>
      <p id={`${id}-limits`} className="text-sm text-muted-foreground">
        A CSV or XLSX file up to 10 MB and 20,000 lines, its first row the column names; or paste rows from a
        spreadsheet, header row first.
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
  );
}

/** Which of the file's columns holds each thing the check needs. */
function MappingForm({ upload, preview }: { upload: Upload; preview: Preview }) {
  const { busy, check, setPreview } = upload;
  return (
    <form onSubmit={check} className="space-y-4">
      <p className="text-sm">
        {preview.rows.toLocaleString("en-GB")} rows found. Choose the columns; they are remembered for your
        licence&apos;s next upload. A code decides the pack; a name decides the product and the pack size its
        pack.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <ColumnSelect
          upload={upload}
          headers={preview.headers}
          field="product"
          label="Product name"
          optional
        />
        <ColumnSelect upload={upload} headers={preview.headers} field="code" label="Product code" optional />
        <ColumnSelect upload={upload} headers={preview.headers} field="packSize" label="Pack size" optional />
        <ColumnSelect upload={upload} headers={preview.headers} field="cost" label="Cost (£ per pack)" />
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
  );
}

function ColumnSelect({
  upload: { mapping, setMapping },
  headers,
  field,
  label,
  optional = false,
}: {
  upload: Upload;
  headers: string[];
  field: keyof MarginMapping;
  label: string;
  optional?: boolean;
}) {
  const id = useId();
  return (
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
        {headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </select>
    </div>
  );
}
