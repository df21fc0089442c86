"use client";

import { useId, useState, type ReactNode } from "react";

import type { DataRow } from "@/components/data-table/format";
import { RowActionContext, type RowAction } from "@/components/data-table/row-action";
import { Button } from "@/components/ui/button";

import { addManyToWatchlist } from "../actions";
import type { PackKind } from "../schemas";
import { OutcomeLine, type AddOutcome } from "./add-to-watchlist";

/** What a list page needs to put its rows on watchlists: the kind, the row keys of code and name, the lists. */
export type WatchAddConfig = {
  kind: PackKind;
  codeKey: string;
  nameKey: string;
  /** The watchlists this user may change; none: the first add makes 'My watchlist'. */
  choices: { id: string; name: string }[];
};

const selectClass =
  "h-9 min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * A list page's 'Add to watchlist': a toolbar to choose the watchlist and add the ticked rows
 * together, and per row a tick box and an Add button for that row alone. Native controls, so each
 * is reached and used from the keyboard; the outcome is announced.
 */
export function WatchlistAdd({ config, children }: { config: WatchAddConfig; children: ReactNode }) {
  const selectId = useId();
  const [listId, setListId] = useState(config.choices[0]?.id ?? "");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AddOutcome | null>(null);
  const listName = config.choices.find((choice) => choice.id === listId)?.name ?? "My watchlist";

  async function add(codes: string[]) {
    if (codes.length === 0) return;
    setBusy(true);
    const result = await addManyToWatchlist({ watchlistId: listId || undefined, kind: config.kind, codes });
    setBusy(false);
    if (!result.ok) {
      setMessage({ text: result.message, error: true });
      return;
    }
    const { added, already, unlisted, source, watchlistName, watchlistId } = result.data;
    const parts = [
      `Added ${added} ${added === 1 ? "pack" : "packs"} to ${watchlistName}.`,
      already > 0 && `${already} ${already === 1 ? "was" : "were"} already on it.`,
      unlisted > 0 &&
        `${unlisted} ${unlisted === 1 ? "was" : "were"} left out: not in any month of ${source}, so there are no prices to follow.`,
    ].filter(Boolean);
    setMessage({ text: parts.join(" "), listId: watchlistId });
    if (!listId) setListId(watchlistId);
    setSelected((current) => new Set([...current].filter((code) => !codes.includes(code))));
  }

  function toggle(code: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  }

  const rowAction: RowAction = {
    header: "Watchlist",
    render: (row: DataRow) => {
      const code = row[config.codeKey];
      if (code === null || code === undefined || code === "") return null;
      const key = String(code);
      const name = String(row[config.nameKey] ?? key);
      return (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <label className="inline-flex min-h-8 items-center gap-1.5">
            {/* 24px: a list's every control is a target a finger can hit (WCAG 2.5.8). */}
            <input
              type="checkbox"
              className="size-6"
              checked={selected.has(key)}
              onChange={(event) => toggle(key, event.target.checked)}
              aria-label={`Select ${name}`}
            />
            <span aria-hidden="true" className="sm:sr-only">
              Select
            </span>
          </label>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => add([key])}
            aria-label={`Add ${name} to ${listName}`}
          >
            Add
          </Button>
        </span>
      );
    },
  };

  return (
    <>
      <div
        role="group"
        aria-label="Add rows to a watchlist"
        className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-3 text-sm"
      >
        <label htmlFor={selectId} className="font-medium">
          Add to watchlist
        </label>
        <select
          id={selectId}
          value={listId}
          onChange={(event) => setListId(event.target.value)}
          className={selectClass}
        >
          {config.choices.length === 0 && <option value="">My watchlist (new)</option>}
          {config.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
        <Button size="sm" disabled={busy || selected.size === 0} onClick={() => add([...selected])}>
          Add selected ({selected.size})
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={selected.size === 0}
          onClick={() => setSelected(new Set())}
        >
          Clear selection
        </Button>
        <OutcomeLine message={message} />
      </div>
      <RowActionContext.Provider value={rowAction}>{children}</RowActionContext.Provider>
    </>
  );
}
