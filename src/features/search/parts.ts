import { listOfSearchPart, listTitle, type ListId } from "@/features/tariff/lists";
import { ewOnlySearchParts, searchPartIds, type SearchPartId } from "@/lib/search-part-ids";
import type { Edition } from "@/lib/tariff-vocabulary";

export { ewOnlySearchParts, searchPartIds, type SearchPartId } from "@/lib/search-part-ids";

export type SearchPart = { id: SearchPartId; list: ListId; title: string; description: string; path: string };

export function isSearchPartId(value: string): value is SearchPartId {
  return (searchPartIds as readonly string[]).includes(value);
}

/**
 * The parts an edition can search, with that edition's labels: each part's list (which says so in
 * its file) gives its title, description and the page its 'View all results' opens. Plain data,
 * read by the dialog and the search API alike.
 */
export function searchParts(edition: Edition): SearchPart[] {
  return searchPartIds
    .filter((id) => edition === 1 || !ewOnlySearchParts.includes(id))
    .map((id) => {
      const spec = listOfSearchPart(id);
      return {
        id,
        list: spec.id,
        title: spec.search?.title ?? listTitle(spec, edition),
        description: spec.explanation,
        path: spec.path,
      };
    });
}

/** The address of a part's whole list of matches: its page with `searchTerm`. */
export function viewAllPath(part: SearchPart, term: string, month?: string): string {
  const search = new URLSearchParams({ searchTerm: term.trim() });
  if (month) search.set("month", month);
  return `${part.path}?${search.toString()}`;
}

/**
 * Of the parts a user switched off, those the edition offers, once each: what the dialog starts
 * from and what is saved. Northern Ireland never keeps Part VIIIB or VIIID off, so they are on
 * again when the user comes back to England & Wales.
 */
export function partsOffIn(edition: Edition, off: readonly string[]): SearchPartId[] {
  const offered = new Set(searchParts(edition).map((part) => part.id));
  return searchPartIds.filter((id) => offered.has(id) && off.includes(id));
}
