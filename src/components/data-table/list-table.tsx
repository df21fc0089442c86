"use client";

import { useEffect, useState, type ComponentProps } from "react";

import { Button } from "@/components/ui/button";
import { rowsFromColumns } from "@/lib/rows-wire";

import { DataTable } from "./data-table";
import type { DataRow } from "./format";

type Loaded = { rows: DataRow[] } | { error: string } | null;

const fallbackError = "The rows could not be loaded. Check your connection and try again.";

/**
 * The rows route answers the rows as a gzip file of their JSON wire form (ADR 013, 153), or an
 * error as JSON.
 */
async function fetchRows(url: string, signal: AbortSignal): Promise<Loaded> {
  const response = await fetch(url, { signal });
  if (response.ok && response.body && response.headers.get("content-type") === "application/gzip") {
    const json = response.body.pipeThrough(new DecompressionStream("gzip"));
    const rows = rowsFromColumns(JSON.parse(await new Response(json).text()));
    return rows ? { rows } : { error: fallbackError };
  }
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return { error: typeof message === "string" ? message : fallbackError };
}

/** What a table fed by a rows route has: the rows (none until they arrive), and how to ask again. */
export type RowsRoute = {
  rows: DataRow[];
  /** True until the first answer for this URL. */
  loading: boolean;
  error: string | null;
  /** Asks again, showing no rows until the answer (after an error). */
  retry: () => void;
  /** Asks again, keeping the rows shown until the answer replaces them (after a change to them). */
  refresh: () => void;
};

/**
 * The rows a rows route answers for `rowsUrl`. A new URL (month, search, filter, edition) shows no
 * rows until its own arrive, never another URL's.
 */
export function useRowsRoute(rowsUrl: string): RowsRoute {
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

  return {
    rows: loaded && "rows" in loaded ? loaded.rows : [],
    loading: loaded === null,
    error: loaded && "error" in loaded ? loaded.error : null,
    retry: () => {
      setResult(null);
      setAttempt((count) => count + 1);
    },
    refresh: () => setAttempt((count) => count + 1),
  };
}

/** A rows route's error where the table's rows would be, with a way to ask again. */
export function RowsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <span role="alert" className="inline-flex flex-wrap items-center justify-center gap-3 text-foreground">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </span>
  );
}

/**
 * A table whose rows come from a rows route (a list page's or an insights page's, ADR 013): the page arrives at
 * once with the frame and headers, and the month's rows follow in one response, compressed once on
 * the server, that the page has already asked the browser to preload. The table itself stays
 * while the URL changes, so its row count is announced from the same live region each time. Its
 * other props are the `DataTable`'s, passed on as given.
 */
export function ListTable({
  rowsUrl,
  emptyMessage,
  ...table
}: Omit<ComponentProps<typeof DataTable>, "rows" | "loading" | "emptyMessage"> & {
  rowsUrl: string;
  /** Shown when the route answers no rows; an error shows in its place, with a way to ask again. */
  emptyMessage: string;
  /** Required here, though a `DataTable` can do without. */
  linkFrom: string;
}) {
  const { rows, loading, error, retry } = useRowsRoute(rowsUrl);
  return (
    <DataTable
      {...table}
      rows={rows}
      loading={loading}
      emptyMessage={error ? <RowsError message={error} onRetry={retry} /> : emptyMessage}
    />
  );
}
