"use client";

import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";

import { DataTable } from "./data-table";
import type { DataColumn, DataRow } from "./format";

type Loaded = { rows: DataRow[] } | { error: string } | null;

const fallbackError = "The rows could not be loaded. Check your connection and try again.";

/** The rows route answers the rows as a gzip file of JSON, or an error as JSON (ADR 013). */
async function fetchRows(url: string, signal: AbortSignal): Promise<Loaded> {
  const response = await fetch(url, { signal });
  if (response.ok && response.body && response.headers.get("content-type") === "application/gzip") {
    const json = response.body.pipeThrough(new DecompressionStream("gzip"));
    const rows = JSON.parse(await new Response(json).text()) as unknown;
    return Array.isArray(rows) ? { rows: rows as DataRow[] } : { error: fallbackError };
  }
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return { error: typeof message === "string" ? message : fallbackError };
}

/**
 * A table whose rows come from a rows route (a list page's or an insights page's, ADR 013): the page arrives at
 * once with the frame and headers, and the month's rows follow in one response, compressed once on
 * the server, that the page has already asked the browser to preload. A new URL (month, search,
 * filter, edition) shows no rows until its own arrive, never another URL's; the table itself stays,
 * so its row count is announced from the same live region each time.
 */
export function ListTable({
  rowsUrl,
  columns,
  caption,
  fileName,
  emptyMessage,
  linkFrom,
}: {
  rowsUrl: string;
  columns: DataColumn[];
  caption: string;
  fileName: string;
  emptyMessage: string;
  linkFrom: string;
}) {
  const [result, setResult] = useState<{ url: string; loaded: Loaded } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loaded = result?.url === rowsUrl ? result.loaded : null;

  useEffect(() => {
    const controller = new AbortController();
    const settle = (value: Loaded) => setResult({ url: rowsUrl, loaded: value });
    fetchRows(rowsUrl, controller.signal).then(settle, () => {
      if (!controller.signal.aborted) settle({ error: fallbackError });
    });
    return () => controller.abort();
  }, [rowsUrl, attempt]);

  const error = loaded && "error" in loaded ? loaded.error : null;
  return (
    <DataTable
      columns={columns}
      rows={loaded && "rows" in loaded ? loaded.rows : []}
      caption={caption}
      fileName={fileName}
      loading={loaded === null}
      linkFrom={linkFrom}
      emptyMessage={
        error ? (
          <span
            role="alert"
            className="inline-flex flex-wrap items-center justify-center gap-3 text-foreground"
          >
            {error}
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setResult(null);
                setAttempt((count) => count + 1);
              }}
            >
              Try again
            </Button>
          </span>
        ) : (
          emptyMessage
        )
      }
    />
  );
}
