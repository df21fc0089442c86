"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";

import { addToWatchlist, removeFromWatchlist } from "../actions";
import { watchlistsPath } from "../paths";
import type { PackKind } from "../schemas";

export type AddOutcome = { text: string; error?: boolean; listId?: string };

/** What an add or remove did, with a link to the list it added to. */
export function Outcome({ message, onNavigate }: { message: AddOutcome; onNavigate?: () => void }) {
  return (
    <>
      {message.text}{" "}
      {message.listId && (
        <Link
          href={`${watchlistsPath}?list=${message.listId}`}
          onClick={onNavigate}
          className="text-primary underline"
        >
          View watchlist
        </Link>
      )}
    </>
  );
}

/** The line that announces an add's outcome, across its toolbar: empty until there is one. */
export function OutcomeLine({
  message,
  onNavigate,
}: {
  message: AddOutcome | null;
  onNavigate?: () => void;
}) {
  return (
    <p
      aria-live="polite"
      className={message?.error ? "w-full text-destructive" : "w-full text-muted-foreground"}
    >
      {message && <Outcome message={message} onNavigate={onNavigate} />}
    </p>
  );
}

export type WatchlistChoice = { id: string; name: string; containsPack: boolean };

/**
 * 'Add to watchlist' on a product page, for a subscriber. With no watchlist of theirs yet, the
 * first press makes 'My watchlist'; otherwise they choose which (the list is named even when
 * there is one), and a list that already
 * holds the pack offers to remove it.
 */
export function AddToWatchlist({
  kind,
  code,
  name,
  choices,
}: {
  kind: PackKind;
  code: string;
  name: string;
  /** The watchlists this user may change. */
  choices: WatchlistChoice[];
}) {
  const router = useRouter();
  const selectId = useId();
  const [selected, setSelected] = useState(
    choices.find((choice) => !choice.containsPack)?.id ?? choices[0]?.id,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AddOutcome | null>(null);
  const current = choices.find((choice) => choice.id === selected);
  const onLists = choices.filter((choice) => choice.containsPack);

  async function toggle() {
    setBusy(true);
    const result =
      current?.containsPack === true
        ? await removeFromWatchlist({ watchlistId: current.id, kind, code })
        : await addToWatchlist({ watchlistId: current?.id, kind, code });
    setBusy(false);
    if (!result.ok) {
      setMessage({ text: result.message, error: true });
      return;
    }
    const listName = "watchlistName" in result.data ? result.data.watchlistName : (current?.name ?? "");
    setMessage(
      current?.containsPack
        ? { text: `Removed from ${listName}.` }
        : { text: `Added to ${listName}.`, listId: result.data.watchlistId },
    );
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {choices.length > 0 && (
        <>
          <label htmlFor={selectId} className="font-medium">
            Watchlist
          </label>
          <select
            id={selectId}
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
            className="h-9 min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
                {choice.containsPack ? " (already on it)" : ""}
              </option>
            ))}
          </select>
        </>
      )}
      <Button
        size="sm"
        variant={current?.containsPack ? "outline" : "default"}
        onClick={toggle}
        disabled={busy}
      >
        {current?.containsPack ? "Remove from watchlist" : "Add to watchlist"}
        <span className="sr-only"> {name}</span>
      </Button>
      <p aria-live="polite" className={message?.error ? "text-destructive" : "text-muted-foreground"}>
        {message ? (
          <Outcome message={message} />
        ) : (
          onLists.length > 0 && (
            <>
              On {onLists.map((choice) => choice.name).join(", ")}.{" "}
              <Link href={watchlistsPath} className="text-primary underline">
                Your watchlists
              </Link>
            </>
          )
        )}
      </p>
    </div>
  );
}
