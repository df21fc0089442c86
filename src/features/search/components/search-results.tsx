"use client";

import { Command } from "cmdk";
import { ChevronDown } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { formatPence } from "@/lib/tariff-vocabulary";

import type { SearchPartId, searchParts } from "../parts";
import type { HighlightedResult, Result, Section } from "./search-context";
import type { SearchState } from "./use-search";

/**
 * The search's answer in its scrolling list: a skeleton per part while it loads, then the parts that
 * found something, each result an option that `go`es to its page, and one line for the rest.
 */
export function SearchResults({
  state,
  selected,
  go,
}: {
  state: SearchState;
  selected: ReturnType<typeof searchParts>;
  go: (href: string) => void;
}) {
  return (
    <ScrollingList>
      {state.status === "loading" &&
        selected.map((part) => (
          <SectionFrame key={part.id} title={part.title} description={part.description}>
            <Skeletons />
          </SectionFrame>
        ))}
      {state.status === "done" &&
        withResults(state.sections).map((section) => (
          <SectionResults key={section.part} section={section} go={go} />
        ))}
      {state.status === "done" && <NoResultsIn sections={state.sections} />}
    </ScrollingList>
  );
}

/** One part's results, then its 'View all results'. */
function SectionResults({ section, go }: { section: Section; go: (href: string) => void }) {
  return (
    <Command.Group
      value={section.part}
      heading={
        <SectionHeading title={section.title} description={section.description} total={section.total} />
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
export function resultOfValue(sections: Section[], value: string): HighlightedResult | null {
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
