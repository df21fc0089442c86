"use client";

import { toast } from "sonner";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

import { useSubscription } from "@/features/accounts/components/subscription-provider";
import type { Edition } from "@/lib/tariff-vocabulary";

import { saveSearchParts } from "../actions";
import { ewOnlySearchParts, type SearchPartId } from "../parts";
import { SearchDialogContext } from "./search-context";

export { useHighlightedResult, useSearchDialog, type HighlightedResult } from "./search-context";

/** The dialog itself, with cmdk and Radix's dialog: fetched when the search is first wanted. */
const SearchDialogBody = lazy(() => import("./search-dialog-body"));

/**
 * The parts switched off, starting from the user's profile and saved there on every change (ADR
 * 098), so the choice follows the user to any browser. Saves go one after another, so the last
 * choice is the one kept. Northern Ireland offers no Part VIIIB or VIIID and the server forgets them
 * on the switch; the dialog does the same at once.
 */
function useExcludedParts(initial: SearchPartId[], edition: Edition) {
  const [excluded, setExcluded] = useState(initial);
  const [seenEdition, setSeenEdition] = useState(edition);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  if (edition !== seenEdition) {
    setSeenEdition(edition);
    if (edition === 2) setExcluded(excluded.filter((id) => !ewOnlySearchParts.includes(id)));
  }
  const change = useCallback((next: SearchPartId[]) => {
    setExcluded(next);
    saving.current = saving.current.then(async () => {
      const result = await saveSearchParts({ off: next }).catch(() => null);
      if (!result?.ok)
        toast.error(`Your choice of parts was not saved${result ? `: ${result.message}` : "."}`);
    });
  }, []);
  return [excluded, change] as const;
}

/**
 * The global search: a dialog opened from the menu's search box, the phone bar's
 * search button, or Ctrl+K / ⌘K anywhere in the signed-in app. Results follow typing from two
 * characters; an answer to an older term never replaces a newer one (its request is cancelled).
 */
export function SearchDialogProvider({
  partsOff,
  resultActions,
  children,
}: {
  /** The parts the user switched off, from their profile. */
  partsOff: SearchPartId[];
  /**
   * Another feature's controls for the highlighted result (`useHighlightedResult`), given by the
   * app: shown below the results, outside their listbox, so a result holds no control of its own.
   */
  resultActions?: ReactNode;
  children: ReactNode;
}) {
  const { edition } = useSubscription();
  const [excluded, setExcluded] = useExcludedParts(partsOff, edition);
  const [open, setOpen] = useState(false);
  // The dialog is mounted (closed, fetching its code) when an opener is first pointed at or focused,
  // so that it opens at once on the click; Ctrl+K alone mounts it open once its code has arrived.
  const [mounted, setMounted] = useState(false);
  const prefetchSearch = useCallback(() => setMounted(true), []);
  // Whatever had focus when the search opened gets it back when it closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);
  const openSearch = useCallback(() => {
    // Ctrl+K again while the search is open must not make its own box the place focus returns to.
    if (!isOpen.current && document.activeElement instanceof HTMLElement)
      returnFocus.current = document.activeElement;
    isOpen.current = true;
    setOpen(true);
    setMounted(true);
  }, []);
  const onOpenChange = useCallback((next: boolean) => {
    isOpen.current = next;
    setOpen(next);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        openSearch();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [openSearch]);
  const closeSearch = useCallback(() => onOpenChange(false), [onOpenChange]);
  const value = useMemo(
    () => ({ openSearch, closeSearch, prefetchSearch }),
    [openSearch, closeSearch, prefetchSearch],
  );
  return (
    <SearchDialogContext.Provider value={value}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <SearchDialogBody
            open={open}
            onOpenChange={onOpenChange}
            returnFocus={returnFocus}
            excluded={excluded}
            onExcludedChange={setExcluded}
            resultActions={resultActions}
          />
        </Suspense>
      )}
    </SearchDialogContext.Provider>
  );
}
