"use client";

import Form from "next/form";
import { usePathname } from "next/navigation";
import { useRef } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export type FilterOption = { value: string; label: string };

/**
 * A drop-down that narrows the rows, e.g. category or supplier. An empty value means "all", unless
 * the filter is `required` (one of its options always applies, and there is no "All").
 */
export type ListFilter = {
  name: string;
  label: string;
  options: FilterOption[];
  value: string;
  required?: boolean;
};

export type MonthChoice = { value: string; label: string; hasData: boolean };

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * The month selector (SPEC §3), the search box and a part's filters, as one GET form: the URL holds
 * the whole state (`month=YYYY-MM`, `searchTerm`, filters), so a view can be shared, reloaded and
 * reached from the global search. It works without JavaScript; with it, a changed drop-down applies
 * at once and Next.js navigates without a full reload.
 */
export function ListFilters({
  months,
  month,
  searchTerm,
  searchLabel = "Search",
  filters = [],
}: {
  months: MonthChoice[];
  month: string;
  searchTerm?: string;
  searchLabel?: string;
  filters?: ListFilter[];
}) {
  const pathname = usePathname();
  const form = useRef<HTMLFormElement>(null);
  const apply = () => form.current?.requestSubmit();
  return (
    <Form
      ref={form}
      action={pathname}
      role="search"
      aria-label="Filter the list"
      className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
    >
      <div className="grid gap-1.5 lg:w-48">
        <Label htmlFor="list-month">Month</Label>
        <select id="list-month" name="month" defaultValue={month} onChange={apply} className={selectClass}>
          {months.map((option) => (
            <option key={option.value} value={option.value}>
              {option.hasData ? option.label : `${option.label} (no data)`}
            </option>
          ))}
        </select>
      </div>
      {searchTerm !== undefined && (
        <div className="grid gap-1.5 lg:w-72">
          <Label htmlFor="list-search">{searchLabel}</Label>
          <Input id="list-search" name="searchTerm" type="search" defaultValue={searchTerm} />
        </div>
      )}
      {filters.map((filter) => (
        <div key={filter.name} className="grid gap-1.5 lg:w-56">
          <Label htmlFor={`list-filter-${filter.name}`}>{filter.label}</Label>
          <select
            id={`list-filter-${filter.name}`}
            name={filter.name}
            defaultValue={filter.value}
            onChange={apply}
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
      ))}
      <Button type="submit" variant="secondary" className="sm:w-fit">
        Apply
      </Button>
    </Form>
  );
}
