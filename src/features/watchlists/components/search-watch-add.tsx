"use client";

import { useCallback, useEffect, useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { KeyHint } from "@/components/ui/key-hint";
import { useHighlightedResult, useSearchDialog } from "@/features/search/components/search-dialog";
import { productKindOfPath } from "@/features/tariff/product-metadata";

import { addToWatchlist } from "../actions";
import type { PackKind } from "../schemas";
import { OutcomeLine, type AddOutcome } from "./add-to-watchlist";

/** The pack a search result's page is for (`/brand-info/123` → brand 123); null for a list's page. */
export function packOfHref(href: string): { kind: PackKind; code: string } | null {
  const match = /^(\/[a-z-]+)\/([^/?#]+)$/.exec(href);
  const kind = match && productKindOfPath(match[1]!);
  return kind ? { kind, code: decodeURIComponent(match[2]!) } : null;
}

const shortcut = "Alt+W";

/**
 * 'Add to watchlist' for the search's highlighted result, below the results: a result is an option
 * of a listbox and may hold no button, so the control acts on whichever option is highlighted,
 * from its button or Alt+W while typing. It adds to the user's first watchlist (made if they have
 * none) and says so, with a link to it.
 */
export function SearchResultWatch() {
  const result = useHighlightedResult();
  const { closeSearch } = useSearchDialog();
  const nameId = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AddOutcome | null>(null);
  const pack = result && packOfHref(result.href);

  const add = useCallback(async () => {
    if (!result || !pack || busy) return;
    setBusy(true);
    const outcome = await addToWatchlist(pack);
    setBusy(false);
    if (!outcome.ok) {
      setMessage({ text: outcome.message, error: true });
      return;
    }
    const { added, watchlistName, watchlistId } = outcome.data;
    setMessage({
      text: added
        ? `Added ${result.name} to ${watchlistName}.`
        : `${result.name} is already on ${watchlistName}.`,
      listId: watchlistId,
    });
  }, [result, pack, busy]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === "KeyW") {
        event.preventDefault();
        void add();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [add]);

  return (
    <div
      role="group"
      aria-label="Highlighted result"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t pt-3 text-sm"
    >
      <p id={nameId} className="line-clamp-2 min-w-0 flex-1 basis-48">
        {pack ? (
          <>
            <span className="text-muted-foreground">Highlighted: </span>
            <span className="font-medium">{result!.name}</span>
            {result!.pack && <span className="text-muted-foreground"> · {result!.pack}</span>}
          </>
        ) : (
          <span className="text-muted-foreground">
            Highlight a drug, appliance or branded pack to add it to a watchlist.
          </span>
        )}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={!pack || busy}
        onClick={() => void add()}
        aria-describedby={nameId}
        aria-keyshortcuts={shortcut}
      >
        Add to watchlist
        <KeyHint className="bg-muted px-1 font-mono text-muted-foreground">{shortcut}</KeyHint>
      </Button>
      <OutcomeLine message={message} onNavigate={closeSearch} />
    </div>
  );
}
