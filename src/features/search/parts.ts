import { lists, listTitle, type ListId } from "@/features/tariff/lists";
import { ewOnlySearchParts, searchPartIds, type SearchPartId } from "@/lib/search-part-ids";
import type { Edition } from "@/lib/tariff-vocabulary";

export { ewOnlySearchParts, searchPartIds, type SearchPartId } from "@/lib/search-part-ids";

/** The list each part's 'View all results' opens. Plain data, read by the dialog and the search API alike. */
const listOf: Record<SearchPartId, ListId> = {
  viiia: "partviiia",
  viiib: "partviiib",
  viiid: "partviiid",
  catm: "catm",
  ix: "partix",
  acbs: "acbs",
  brands: "brands",
  concessions: "concessions",
};

/** Labels where the part's list is called otherwise in a menu. */
const labels: Partial<Record<SearchPartId, string>> = {
  acbs: "Part X / Borderline Substances",
  brands: "Branded Products",
};

export type SearchPart = { id: SearchPartId; list: ListId; title: string; description: string; path: string };

export function isSearchPartId(value: string): value is SearchPartId {
  return (searchPartIds as readonly string[]).includes(value);
}

/** The parts an edition can search, with that edition's labels. */
export function searchParts(edition: Edition): SearchPart[] {
  return searchPartIds
    .filter((id) => edition === 1 || !ewOnlySearchParts.includes(id))
    .map((id) => {
      const spec = lists[listOf[id]];
      return {
        id,
        list: spec.id,
        title: labels[id] ?? listTitle(spec, edition),
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
