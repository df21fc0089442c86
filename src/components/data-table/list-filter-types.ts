/**
 * What the filter bar of a list or insights page is given: plain data, built on the server by the
 * pages, so it lives apart from the bar itself (a client component).
 */
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

/** A month the month selector offers, and whether any rows were loaded for it. */
export type MonthEntry = { value: string; label: string; hasData: boolean };
