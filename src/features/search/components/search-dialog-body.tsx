"use client";

import { Command } from "cmdk";
import { useMemo, useState, type ReactNode, type RefObject } from "react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useSubscription } from "@/features/accounts/components/subscription-provider";

import { searchParts, type SearchPartId } from "../parts";
import { PartsFilter } from "./parts-filter";
import { HighlightedResultContext } from "./search-context";
import { resultOfValue, SearchResults } from "./search-results";
import { minTermForButton, minTermToSearch, useSearch } from "./use-search";

/**
 * The search dialog, which the SearchDialogProvider loads when the search is first wanted (an opener
 * pointed at or focused, or the search opened): its open state, the parts switched off and the place
 * focus returns to stay with the provider.
 */
export default function SearchDialogBody({
  open,
  onOpenChange,
  ...panel
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
  excluded: SearchPartId[];
  onExcludedChange: (excluded: SearchPartId[]) => void;
  resultActions?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <SearchPanel onClose={() => onOpenChange(false)} {...panel} />}
    </Dialog>
  );
}

function SearchPanel({
  onClose,
  returnFocus,
  excluded,
  onExcludedChange,
  resultActions,
}: {
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
  excluded: SearchPartId[];
  onExcludedChange: (excluded: SearchPartId[]) => void;
  resultActions?: ReactNode;
}) {
  const { edition } = useSubscription();
  const parts = useMemo(() => searchParts(edition), [edition]);
  const selected = useMemo(() => parts.filter((part) => !excluded.includes(part.id)), [parts, excluded]);
  const { term, setTerm, state, run, go, upToDate, announcement } = useSearch(selected, onClose);
  // cmdk's highlighted option, held here so the result actions below the list can act on it.
  const [highlighted, setHighlighted] = useState("");
  const highlightedResult = useMemo(
    () => (state.status === "done" ? resultOfValue(state.sections, highlighted) : null),
    [state, highlighted],
  );

  return (
    <DialogContent
      onCloseAutoFocus={(event) => {
        const target = returnFocus.current;
        if (target?.isConnected) {
          event.preventDefault();
          target.focus();
        }
      }}
      className="top-0 left-0 flex h-dvh max-h-dvh w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-3 rounded-none p-4 sm:top-[10vh] sm:left-1/2 sm:h-auto sm:max-h-[85dvh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:rounded-lg"
    >
      <DialogTitle>Search</DialogTitle>
      <DialogDescription className="sr-only">
        Search every part of the Drug Tariff by name or code. Use the arrow keys to move through the results
        and Enter to open one.
      </DialogDescription>
      <Command
        shouldFilter={false}
        value={highlighted}
        onValueChange={setHighlighted}
        label="Search the whole of TariffScope"
        className="flex min-h-0 flex-1 flex-col gap-3"
      >
        <div className="flex items-center gap-2">
          <Command.Input
            value={term}
            onValueChange={setTerm}
            placeholder="Search the whole of TariffScope"
            onKeyDown={(event) => {
              // Enter on a term whose results are not shown yet searches now; otherwise it opens the
              // highlighted result.
              if (event.key === "Enter" && !upToDate) {
                event.preventDefault();
                if (term.trim().length >= minTermToSearch) void run(term);
              }
            }}
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-transparent px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-sm"
          />
          <Button
            type="button"
            disabled={term.trim().length < minTermForButton}
            onClick={() => void run(term)}
          >
            Search
          </Button>
          <PartsFilter parts={parts} excluded={excluded} onChange={onExcludedChange} />
        </div>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {state.status === "failed" && (
          <p role="alert" className="text-sm text-destructive">
            {state.message}
          </p>
        )}
        <SearchResults state={state} selected={selected} go={go} />
        {state.status === "idle" && (
          <p className="text-sm text-muted-foreground">
            {selected.length === 0
              ? "Choose at least one part to search."
              : "Type a medicine, appliance or code: at least 2 characters."}
          </p>
        )}
      </Command>
      {/* Outside cmdk's root, whose Enter would open the highlighted result instead of pressing a button. */}
      {resultActions && (
        <HighlightedResultContext.Provider value={highlightedResult}>
          {resultActions}
        </HighlightedResultContext.Provider>
      )}
    </DialogContent>
  );
}
