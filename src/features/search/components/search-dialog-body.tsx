"use client";

import { Command } from "cmdk";
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { Popover } from "radix-ui";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useSubscription } from "@/features/accounts/components/subscription-provider";
import { formatPence } from "@/lib/tariff-vocabulary";
import { cn } from "@/lib/utils";

import { searchParts, type SearchPartId } from "../parts";
import {
  HighlightedResultContext,
  type HighlightedResult,
  type Result,
  type Section,
} from "./search-context";

/** Enter searches from 2 characters; the Search button needs 3. */
const minTermToSearch = 2;
const minTermForButton = 3;
/** How long typing rests before the results follow it. */
const typingPauseMs = 250;

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

type State =
  | { status: "idle" }
  | { status: "loading"; term: string }
  | { status: "done"; term: string; sections: Section[] }
  | { status: "failed"; term: string; message: string };

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
  const router = useRouter();
  const { country } = useSubscription();
  const parts = useMemo(() => searchParts(country), [country]);
  const selected = useMemo(() => parts.filter((part) => !excluded.includes(part.id)), [parts, excluded]);
  const [term, setTerm] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });
  const request = useRef<AbortController | null>(null);
  // cmdk's highlighted option, held here so the result actions below the list can act on it.
  const [highlighted, setHighlighted] = useState("");

  const run = useCallback(
    async (raw: string) => {
      const q = raw.trim();
      request.current?.abort();
      if (q.length < minTermToSearch || selected.length === 0) {
        setState({ status: "idle" });
        return;
      }
      const controller = new AbortController();
      request.current = controller;
      setState({ status: "loading", term: q });
      const params = new URLSearchParams({ q, parts: selected.map((part) => part.id).join(",") });
      try {
        const response = await fetch(`/api/search?${params}`, { signal: controller.signal });
        const body = (await response.json()) as { sections?: Section[]; error?: { message: string } };
        if (controller.signal.aborted) return;
        if (!response.ok || !body.sections)
          setState({ status: "failed", term: q, message: body.error?.message ?? "The search failed." });
        else setState({ status: "done", term: q, sections: body.sections });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({
          status: "failed",
          term: q,
          message: error instanceof Error ? error.message : "The search failed.",
        });
      }
    },
    [selected],
  );

  // Results follow typing once it rests; a new term or new parts cancel the search in flight.
  useEffect(() => {
    const timer = setTimeout(() => void run(term), typingPauseMs);
    return () => clearTimeout(timer);
  }, [term, run]);
  useEffect(() => () => request.current?.abort(), []);

  const go = (href: string) => {
    request.current?.abort();
    setTerm("");
    setState({ status: "idle" });
    onClose();
    router.push(href);
  };

  const highlightedResult = useMemo(
    () => (state.status === "done" ? resultOfValue(state.sections, highlighted) : null),
    [state, highlighted],
  );
  const shownTerm = state.status === "idle" ? "" : state.term;
  const upToDate = state.status === "done" && state.term === term.trim();
  const totals =
    state.status === "done" ? state.sections.reduce((sum, section) => sum + section.total, 0) : 0;
  const announcement =
    state.status === "loading"
      ? "Searching…"
      : state.status === "done"
        ? `${totals.toLocaleString("en-GB")} ${totals === 1 ? "result" : "results"} for ${state.term} in ${state.sections.length} ${state.sections.length === 1 ? "part" : "parts"}`
        : state.status === "failed"
          ? state.message
          : "";

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
        <ScrollingList>
          {state.status === "loading" &&
            selected.map((part) => (
              <SectionFrame key={part.id} title={part.title} description={part.description}>
                <Skeletons />
              </SectionFrame>
            ))}
          {state.status === "done" &&
            withResults(state.sections).map((section) => (
              <Command.Group
                key={section.part}
                value={section.part}
                heading={
                  <SectionHeading
                    title={section.title}
                    description={section.description}
                    total={section.total}
                  />
                }
                className="border-b py-2 last:border-b-0 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1"
              >
                {section.results.map((result, index) => (
                  <Command.Item
                    key={`${section.part}:${index}`}
                    value={resultValue(section.part, index, result)}
                    onSelect={() => go(result.href)}
                    className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 rounded-md px-2 py-1.5 text-sm data-[selected=true]:bg-accent"
                  >
                    <span className="min-w-0">
                      <span className="font-medium">{result.name}</span>
                      {result.pack && <span className="text-muted-foreground"> · {result.pack}</span>}
                      {result.category && <span className="text-muted-foreground"> · {result.category}</span>}
                    </span>
                    <span className="flex items-center gap-2 whitespace-nowrap tabular-nums">
                      {result.concessionPence !== null && section.part !== "concessions" && (
                        <Badge variant="secondary">Concession {formatPence(result.concessionPence)}</Badge>
                      )}
                      {result.pricePence !== null && <span>{formatPence(result.pricePence)}</span>}
                      {result.netPricePence !== null && (
                        <span className="text-muted-foreground">net {formatPence(result.netPricePence)}</span>
                      )}
                    </span>
                  </Command.Item>
                ))}
                <Command.Item
                  value={`${section.part}:all`}
                  onSelect={() => go(section.viewAllHref)}
                  className="cursor-pointer rounded-md px-2 py-1.5 text-sm font-medium text-primary data-[selected=true]:bg-accent"
                >
                  View all results →<span className="sr-only"> in {section.title}</span>
                </Command.Item>
              </Command.Group>
            ))}
          {state.status === "done" && <NoResultsIn sections={state.sections} />}
        </ScrollingList>
        {state.status === "idle" && shownTerm === "" && (
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

/**
 * The parts that found something, in the dialog's order: they come first, so a phone's screen opens
 * on results rather than on empty parts, and the empty ones share one line after them (ADR 176).
 */
const withResults = (sections: Section[]) => sections.filter((section) => section.results.length > 0);

const partList = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });

/** One line for every part that found nothing: "No Results Found in Part VIIIA, Category M and Part IX". */
function NoResultsIn({ sections }: { sections: Section[] }) {
  const empty = sections.filter((section) => section.results.length === 0);
  if (empty.length === 0) return null;
  return (
    <Command.Group
      value="no-results"
      heading={`No Results Found in ${partList.format(empty.map((section) => section.title))}`}
      className="py-2 text-sm text-muted-foreground [&_[cmdk-group-heading]]:px-2"
    />
  );
}

/** A result's cmdk value: its part and place, which `resultOfValue` reads back, and its code or name. */
const resultValue = (part: SearchPartId, index: number, result: Result) =>
  `${part}:${index}:${result.code ?? result.name}`;

/** The result a cmdk value names; null for a section's 'View all results' or nothing. */
function resultOfValue(sections: Section[], value: string): HighlightedResult | null {
  const [part, place] = value.split(":");
  const result = sections.find((section) => section.part === part)?.results[Number(place)];
  if (!result) return null;
  const { name, pack, code, href } = result;
  return { name, pack, code, href };
}

function SectionHeading({
  title,
  description,
  total,
}: {
  title: string;
  description: string;
  total?: number;
}) {
  return (
    <span className="block">
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">
          {title}
          <span className="sr-only">: </span>
        </span>
        {total !== undefined && (
          <span className="text-xs text-muted-foreground tabular-nums">
            {total.toLocaleString("en-GB")} {total === 1 ? "result" : "results"}
          </span>
        )}
      </span>
      <span className="line-clamp-1 text-xs text-muted-foreground">
        <span className="sr-only">. </span>
        {description}
      </span>
    </span>
  );
}

function SectionFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="border-b px-2 py-2 last:border-b-0" aria-busy="true">
      <SectionHeading title={title} description={description} />
      {children}
    </div>
  );
}

function Skeletons() {
  return (
    <div className="mt-2 grid gap-2" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} data-testid="search-skeleton" className="h-5 animate-pulse rounded bg-muted" />
      ))}
    </div>
  );
}

/** The 24rem result list, with an arrow while more lies below. */
function ScrollingList({ children }: { children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const element = list.current;
    if (element) setMore(element.scrollTop + element.clientHeight < element.scrollHeight - 4);
  }, []);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div className="relative min-h-0 flex-1 sm:flex-none">
      <Command.List
        ref={list}
        label="Search results"
        onScroll={measure}
        className="h-full overflow-y-auto sm:h-96"
      >
        {children}
      </Command.List>
      {more && (
        <div
          aria-hidden="true"
          data-testid="search-more-below"
          onClick={() => list.current?.scrollBy({ top: list.current.clientHeight / 2, behavior: "smooth" })}
          className="absolute right-3 bottom-2 flex size-8 cursor-pointer items-center justify-center rounded-full border bg-background shadow"
        >
          <ChevronDown className="size-4" />
        </div>
      )}
    </div>
  );
}

function PartsFilter({
  parts,
  excluded,
  onChange,
}: {
  parts: ReturnType<typeof searchParts>;
  excluded: SearchPartId[];
  onChange: (excluded: SearchPartId[]) => void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button type="button" variant="outline" size="icon" aria-label="Select Parts to Search">
          <SlidersHorizontal aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Content
        align="end"
        sideOffset={6}
        className="z-50 w-64 rounded-md border bg-background p-3 shadow-md"
      >
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Select Parts to Search</legend>
          <div className="grid gap-1.5">
            {parts.map((part) => (
              <label key={part.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={!excluded.includes(part.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? excluded.filter((id) => id !== part.id) : [...excluded, part.id],
                    )
                  }
                  className={cn("size-4 accent-primary")}
                />
                {part.title}
              </label>
            ))}
          </div>
        </fieldset>
      </Popover.Content>
    </Popover.Root>
  );
}
