"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";

import { csvFileName } from "@/components/data-table/csv";
import { DataTable } from "@/components/data-table/data-table";
import type { DataRow } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";

import { removeFromWatchlist } from "../actions";
import { watchlistColumns } from "../rows";
import type { PackKind } from "../schemas";
import { watchlistToast } from "./toasts";

/** A watchlist's packs in the shared table; who may change the list also gets a Remove per row. */
export function WatchlistTable({
  watchlistId,
  name,
  rows,
  canChange,
  emptyMessage,
}: {
  watchlistId: string;
  name: string;
  rows: DataRow[];
  canChange: boolean;
  emptyMessage: React.ReactNode;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);

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
    router.refresh();
  }

  return (
    <DataTable
      columns={watchlistColumns}
      rows={rows}
      caption={`Packs on the watchlist ${name}`}
      fileName={csvFileName(["watchlist", name])}
      emptyMessage={emptyMessage}
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
  );
}
