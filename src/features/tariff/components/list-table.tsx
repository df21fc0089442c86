"use client";

import { useEffect, useState } from "react";

import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn, DataRow } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";

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
 * A list page's table, whose rows come from the list's rows route (ADR 013): the page arrives at
 * once with the frame and headers, and the month's rows follow in one response, compressed once on
 * the server, that the page has already asked the browser to preload. The page keys it by that
 * URL, so a new month, search or filter starts afresh.
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
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchRows(rowsUrl, controller.signal).then(setLoaded, () => {
      if (!controller.signal.aborted) setLoaded({ error: fallbackError });
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
                setLoaded(null);
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
