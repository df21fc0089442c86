"use client";

import { UploadCloud } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type DragEvent } from "react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

import { partLabel } from "@/lib/tariff-vocabulary";
import { importUploadPath } from "../paths";
import type { ImportOutcome } from "../service";
import type { UploadEvent } from "../upload";

type Stage = "waiting" | "uploading" | "reading" | "saving" | "done" | "failed";

type Item = {
  id: number;
  file: File;
  stage: Stage;
  sent: number;
  rows: number;
  outcome?: ImportOutcome;
  durationMs?: number;
  error?: string;
};

const stageWords: Record<Stage, string> = {
  waiting: "Waiting",
  uploading: "Uploading",
  reading: "Reading",
  saving: "Importing",
  done: "Done",
  failed: "Failed",
};

const whole = new Intl.NumberFormat("en-GB");

/** The server's JSON error (`{ error: { message } }`), or a sentence for an answer that is not one. */
function errorMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // Not JSON: a proxy's page or a dropped connection.
  }
  return xhr.status === 0
    ? "The upload was interrupted. Please check the connection and try again."
    : `The server answered ${xhr.status}. Please try again.`;
}

/**
 * Sends one file to the upload route and reports each stage: bytes sent while uploading, then the
 * JSON lines the server streams back while it reads and imports the file.
 */
function upload(file: File, update: (change: Partial<Item>) => void): Promise<void> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let seen = 0;
    const readLines = () => {
      const text = xhr.responseText;
      const end = text.lastIndexOf("\n") + 1;
      for (const line of text.slice(seen, end).split("\n")) {
        if (!line.trim()) continue;
        const event = JSON.parse(line) as UploadEvent | { stage: "failed"; message: string };
        if (event.stage === "done")
          update({ stage: "done", outcome: event.outcome, durationMs: event.durationMs });
        else if (event.stage === "failed") update({ stage: "failed", error: event.message });
        else update({ stage: event.stage, rows: event.rows });
      }
      seen = end;
    };
    xhr.open("POST", importUploadPath);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => update({ stage: "uploading", sent: event.loaded });
    xhr.upload.onload = () => update({ stage: "reading", sent: file.size });
    xhr.onprogress = () => {
      if (xhr.status === 200) readLines();
    };
    xhr.onload = () => {
      if (xhr.status === 200) readLines();
      else update({ stage: "failed", error: errorMessage(xhr) });
      resolve();
    };
    xhr.onerror = () => {
      update({ stage: "failed", error: errorMessage(xhr) });
      resolve();
    };
    update({ stage: "uploading", sent: 0 });
    xhr.send(file);
  });
}

/**
 * The import console's upload (ADR 116): files dropped on the area or chosen with the picker are
 * sent one after another, each with a progress bar through uploading, reading and importing, then
 * what the importer made of it. The history below refreshes once they are all done.
 */
export function ImportUploader() {
  const router = useRouter();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef(Promise.resolve());
  const nextId = useRef(1);
  const inputId = useId();
  const hintId = useId();

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const added = Array.from(files, (file) => ({
      id: nextId.current++,
      file,
      stage: "waiting" as Stage,
      sent: 0,
      rows: 0,
    }));
    setItems((current) => [...added, ...current]);
    for (const item of added) {
      const update = (change: Partial<Item>) =>
        setItems((current) =>
          current.map((entry) => (entry.id === item.id ? { ...entry, ...change } : entry)),
        );
      queue.current = queue.current.then(() => upload(item.file, update));
    }
    void queue.current.then(() => router.refresh());
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="upload-drop-zone"
        className={cn(
          "grid justify-items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center",
          dragging && "border-primary bg-accent",
        )}
      >
        <UploadCloud aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">Drop Drug Tariff files, concession pages or a dm+d release zip here</p>
        <label htmlFor={inputId} className="text-sm text-muted-foreground">
          or choose files:
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          aria-describedby={hintId}
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
        />
        <p id={hintId} className="max-w-prose text-xs text-muted-foreground">
          CSV, XLSX, HTML or a .zip, up to 128 MB each. Each file is checked and imported as{" "}
          <code>npm run import</code> would: part, edition and month from its title row and name.
        </p>
      </div>
      {items.length > 0 && (
        <ul aria-label="Uploads" className="grid gap-3">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ item }: { item: Item }) {
  const { file, stage, outcome } = item;
  const percent = file.size > 0 ? Math.round((item.sent / file.size) * 100) : 100;
  const status =
    stage === "uploading"
      ? `Uploading: ${percent}%`
      : stage === "reading"
        ? `Reading: ${whole.format(item.rows)} rows`
        : stage === "saving"
          ? `Importing ${whole.format(item.rows)} rows`
          : stageWords[stage];
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="upload-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{file.name}</span>
        <span className="text-sm text-muted-foreground" role="status">
          {status}
        </span>
      </div>
      {stage !== "done" && stage !== "failed" && (
        <progress
          className="h-2 w-full overflow-hidden rounded [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          aria-label={`${file.name}: ${status}`}
          max={100}
          value={stage === "uploading" || stage === "waiting" ? percent : undefined}
        />
      )}
      {stage === "failed" && <p className="text-sm text-destructive">{item.error}</p>}
      {outcome && <OutcomeSummary outcome={outcome} durationMs={item.durationMs} />}
    </li>
  );
}

function OutcomeSummary({ outcome, durationMs }: { outcome: ImportOutcome; durationMs?: number }) {
  const facts = [
    outcome.part && ["Part", partLabel(outcome.part, outcome.edition === "ni" ? 2 : 1)],
    outcome.edition && ["Edition", outcome.edition === "ni" ? "Northern Ireland" : "England & Wales"],
    outcome.period && ["Month", outcome.period],
    outcome.rows !== null && ["Rows", whole.format(outcome.rows)],
    durationMs !== undefined && ["Took", `${(durationMs / 1000).toFixed(1)} s`],
  ].filter(Boolean) as [string, string][];
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Badge
          variant={
            outcome.status === "imported"
              ? "default"
              : outcome.status === "rejected"
                ? "warning"
                : "secondary"
          }
        >
          {outcome.status}
        </Badge>
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          {facts.map(([term, value]) => (
            <div key={term} className="flex gap-1">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="whitespace-pre-line">{outcome.message}</p>
    </div>
  );
}
