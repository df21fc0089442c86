"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";

import { csvFileName } from "@/components/data-table/csv";
import { DataTable } from "@/components/data-table/data-table";
import { RowsError, useRowsRoute } from "@/components/data-table/list-table";
import type { DataRow } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

import { removeFromWatchlist } from "../actions";
import { filterWatchlistRows, historyOf, watchlistColumns, type WatchlistFilter } from "../rows";
import type { PackKind } from "../schemas";
import { Sparkline } from "./sparkline";
import { watchlistToast } from "./toasts";

const renderCell = { trend: (row: DataRow) => <Sparkline values={historyOf(row)} /> };
const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * A watchlist's packs in the shared table, fetched from its rows route (ADR 142), filtered by name
 * or code, part and flags (the CSV holds the rows the filters keep); who may change the list also
 * gets a Remove per row.
 */
export function WatchlistTable({
  watchlistId,
  name,
  rowsUrl,
  canChange,
  emptyMessage,
}: {
  watchlistId: string;
  name: string;
  rowsUrl: string;
  canChange: boolean;
  emptyMessage: React.ReactNode;
}) {
  const router = useRouter();
  const { rows, loading, error, retry, refresh } = useRowsRoute(rowsUrl);
  const [busy, setBusy] = useState<string | null>(null);
  const [filter, setFilter] = useState<WatchlistFilter>({ text: "", part: "", flaggedOnly: false });
  const id = useId();
  const parts = useMemo(() => [...new Set(rows.map((row) => String(row.part)))].sort(), [rows]);
  const shown = useMemo(() => filterWatchlistRows(rows, filter), [rows, filter]);
  const filtered = shown.length < rows.length;

  async function remove(row: DataRow) {
    const key = `${row.kind}:${row.code}`;
    setBusy(key);
    const result = await removeFromWatchlist({
      watchlistId,
      kind: row.kind as PackKind,
      code: String(row.code),
    });
    setBusy(null);
    if (!result.ok) {
      toast.error(result.message, { id: watchlistToast });
      return;
    }
    toast.success(`Removed ${row.name} from ${name}`, { id: watchlistToast });
    // The table asks for its rows again; the page, for the lists' counts.
    refresh();
    router.refresh();
  }

  return (
    <div className="space-y-3">
      {rows.length > 0 && (
        <div role="search" aria-label={`Filter ${name}`} className="flex flex-wrap items-end gap-3 text-sm">
          <div className="grid gap-1">
            <label htmlFor={`${id}-text`}>Name or code</label>
            <Input
              id={`${id}-text`}
              type="search"
              value={filter.text}
              onChange={(event) => setFilter({ ...filter, text: event.target.value })}
              className="h-9 w-56"
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-part`}>Part</label>
            <select
              id={`${id}-part`}
              value={filter.part}
              onChange={(event) => setFilter({ ...filter, part: event.target.value })}
              className={selectClass}
            >
              <option value="">All parts</option>
              {parts.map((part) => (
                <option key={part} value={part}>
                  {part}
                </option>
              ))}
            </select>
          </div>
          <label className="flex min-h-9 items-center gap-2">
            <input
              type="checkbox"
              checked={filter.flaggedOnly}
              onChange={(event) => setFilter({ ...filter, flaggedOnly: event.target.checked })}
              className="size-4"
            />
            Flagged only
          </label>
        </div>
      )}
      <DataTable
        columns={watchlistColumns}
        rows={shown}
        renderCell={renderCell}
        caption={`Packs on the watchlist ${name}`}
        fileName={csvFileName(["watchlist", name])}
        loading={loading}
        emptyMessage={
          error ? (
            <RowsError message={error} onRetry={retry} />
          ) : filtered ? (
            "No packs on this watchlist match the filters."
          ) : (
            emptyMessage
          )
        }
        linkFrom="/manage-watchlists-login"
        rowAction={
          canChange
            ? {
                header: "Remove",
                render: (row) => (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy === `${row.kind}:${row.code}`}
                    onClick={() => remove(row)}
                    aria-label={`Remove ${row.name} from ${name}`}
                  >
                    Remove
                  </Button>
                ),
              }
            : undefined
        }
      />
    </div>
  );
}
