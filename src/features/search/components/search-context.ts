import { createContext, useContext } from "react";

import type { SearchPartId } from "../parts";

/** One result of the global search, as /api/search answers it. */
export type Result = {
  name: string;
  pack: string | null;
  category: string | null;
  code: string | null;
  href: string;
  pricePence: number | null;
  netPricePence: number | null;
  concessionPence: number | null;
};
export type Section = {
  part: SearchPartId;
  title: string;
  description: string;
  total: number;
  viewAllHref: string;
  results: Result[];
};

/** What the search's openers call; `prefetchSearch` (on pointing at or focusing one) fetches the dialog. */
type SearchDialogControls = { openSearch: () => void; closeSearch: () => void; prefetchSearch: () => void };

export const SearchDialogContext = createContext<SearchDialogControls>({
  openSearch: () => {},
  closeSearch: () => {},
  prefetchSearch: () => {},
});

/** Opens the global search dialog, from the sidebar's search box or the phone bar's search button. */
export function useSearchDialog() {
  return useContext(SearchDialogContext);
}

/** The result the arrow keys or the pointer have highlighted: what a result action acts on. */
export type HighlightedResult = Pick<Result, "name" | "pack" | "code" | "href">;

export const HighlightedResultContext = createContext<HighlightedResult | null>(null);

/** The highlighted search result, for the `resultActions` the app gives the dialog; null when none is. */
export function useHighlightedResult() {
  return useContext(HighlightedResultContext);
}
