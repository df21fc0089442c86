"use client";

import { debounce, parseAsString, useQueryStates } from "nuqs";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { usePathname } from "next/navigation";
import { useEffect, useMemo, useRef, useState, useTransition } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import type { FilterOption, ListFilter, MonthEntry } from "./list-filter-types";

type Props = {
  months: MonthEntry[];
  /** Every older month with data, newest first, offered behind "Older months…". */
  olderMonths?: FilterOption[];
  month: string;
  /** The search box's label; without one, the list has no search box. */
  searchLabel?: string;
  filters?: ListFilter[];
};

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** The month selector's entry that opens the list of older months; never a month itself. */
const older = "older";
/** Long enough for a word typed at a normal pace to go as one request; short enough to feel live. */
const searchDelayMs = 350;

/**
 * The month selector (product §3), the search box and a part's filters. The URL holds the whole state
 * (`month=YYYY-MM`, `searchTerm`, filters), so a view can be shared, reloaded and reached from the
 * global search. A drop-down applies at once; the search applies as the user types, once they
 * pause. Each field shows what the user chose the moment they choose it, and a page arriving from
 * an earlier change never overwrites it.
 */
export function ListFilters(props: Props) {
  return (
    <NuqsAdapter>
      <Filters {...props} />
    </NuqsAdapter>
  );
}

function Filters({ months, olderMonths = [], month, searchLabel, filters = [] }: Props) {
  const pathname = usePathname();
  const [, startTransition] = useTransition();
  const filterNames = filters.map((filter) => filter.name).join(",");
  const keys = useMemo(
    () =>
      Object.fromEntries(
        ["month", "searchTerm", ...filterNames.split(",").filter(Boolean)].map((name) => [
          name,
          parseAsString,
        ]),
      ) as Record<string, typeof parseAsString>,
    [filterNames],
  );
  // A new page of rows per change, from the server: `shallow: false`.
  const [query, setQuery] = useQueryStates(keys, { shallow: false, scroll: false, startTransition });
  const [choosingOlder, setChoosingOlder] = useState(false);
  const olderSelect = useRef<HTMLSelectElement>(null);

  // The month the user chose, shown at once, though its page may still be on its way.
  const wanted = query.month ?? null;
  const current = wanted !== null && months.some((option) => option.value === wanted) ? wanted : month;
  const shownOlder =
    wanted !== null && olderMonths.some((option) => option.value === wanted)
      ? wanted
      : olderMonths.some((option) => option.value === current)
        ? current
        : null;
  const showOlder = choosingOlder || shownOlder !== null;

  useEffect(() => {
    if (choosingOlder) olderSelect.current?.focus();
  }, [choosingOlder]);

  const chooseMonth = (value: string) => {
    setChoosingOlder(false);
    void setQuery({ month: value }, { history: "push" });
  };

  return (
    <form
      action={pathname}
      role="search"
      aria-label="Filter the list"
      className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        // Enter searches now, without waiting for the pause.
        void setQuery({ searchTerm: query.searchTerm || null });
      }}
    >
      <div className="grid gap-1.5 lg:w-48">
        <Label htmlFor="list-month">Month</Label>
        <select
          id="list-month"
          name="month"
          value={showOlder ? older : current}
          onChange={(event) => {
            if (event.target.value === older) setChoosingOlder(true);
            else chooseMonth(event.target.value);
          }}
          className={selectClass}
        >
          {months.map((option) => (
            <option key={option.value} value={option.value}>
              {option.hasData ? option.label : `${option.label} (no data)`}
            </option>
          ))}
          {olderMonths.length > 0 && <option value={older}>Older months…</option>}
        </select>
      </div>
      {showOlder && (
        <div className="grid gap-1.5 lg:w-48">
          <Label htmlFor="list-older-month">Older month</Label>
          <select
            ref={olderSelect}
            id="list-older-month"
            value={shownOlder ?? ""}
            onChange={(event) => event.target.value && chooseMonth(event.target.value)}
            className={selectClass}
          >
            <option value="">Choose a month</option>
            {olderMonths.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {searchLabel !== undefined && (
        <div className="grid gap-1.5 lg:w-72">
          <Label htmlFor="list-search">{searchLabel}</Label>
          <Input
            id="list-search"
            name="searchTerm"
            type="search"
            maxLength={100}
            autoComplete="off"
            value={query.searchTerm ?? ""}
            onChange={(event) =>
              void setQuery(
                { searchTerm: event.target.value || null },
                { limitUrlUpdates: debounce(searchDelayMs) },
              )
            }
          />
        </div>
      )}
      {filters.map((filter) => {
        const chosen = query[filter.name] ?? null;
        const known =
          chosen !== null && (chosen === "" || filter.options.some((option) => option.value === chosen));
        return (
          <div key={filter.name} className="grid gap-1.5 lg:w-56">
            <Label htmlFor={`list-filter-${filter.name}`}>{filter.label}</Label>
            <select
              id={`list-filter-${filter.name}`}
              name={filter.name}
              value={known ? chosen : filter.value}
              onChange={(event) =>
                void setQuery({ [filter.name]: event.target.value || null }, { history: "push" })
              }
              className={selectClass}
            >
              {!filter.required && <option value="">All</option>}
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </form>
  );
}
