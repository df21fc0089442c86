import "server-only";

import { listReaderOf } from "@/features/tariff/lists/readers";
import { namesMatcher, type ListHit } from "@/features/tariff/list-reading";
import { byDataVersion, dataVersion } from "@/lib/data-version-cache";
import { resolveListView } from "@/features/tariff/list-view";
import type { ListId } from "@/features/tariff/lists";
import { currentPeriod, type Edition } from "@/lib/tariff-vocabulary";

import { searchParts, viewAllPath, type SearchPart, type SearchPartId } from "./parts";

/** A list's record as its part's section shows it (each list maps its own and prices it, in its reader). */
export type SearchResult = Omit<ListHit, "href" | "concessionPence"> & {
  href: string;
  concessionPence: number | null;
};

export type SearchSection = {
  part: SearchPartId;
  title: string;
  description: string;
  total: number;
  viewAllHref: string;
  results: SearchResult[];
};

/** How many results a section shows; its total says how many more the part's page has. */
export const resultsPerSection = 5;

type SearchOptions = { parts?: SearchPartId[]; month?: string; now?: Date };

/**
 * The global search: for each part asked for (every part the edition has when none are), its
 * first matches in the month in force (or `month`), read exactly as the part's page reads its
 * rows with `searchTerm`, so 'View all results' opens on the same first rows. Each part reads only
 * those first rows and the count of all (ADR 097).
 *
 * The answer depends on the tariff data and the question alone, never on who asks, so it is kept
 * per data version (ADR 144): the same search again (the next keystroke's, another pharmacist's,
 * a search repeated after an answer was cleared) costs one look-up until the next import.
 */
export async function searchTariff(
  edition: Edition,
  term: string,
  options: SearchOptions = {},
): Promise<SearchSection[]> {
  const now = options.now ?? new Date();
  const wanted = searchParts(edition).filter((part) => !options.parts || options.parts.includes(part.id));
  const version = await dataVersion();
  // The month in force follows the calendar month in the UK, so it is part of the question.
  const question = [edition, term.trim(), wanted.map((part) => part.id).join(","), options.month ?? ""];
  return byDataVersion(version, `search|${currentPeriod(now)}|${JSON.stringify(question)}`, () =>
    searchUncached(edition, term, wanted, { ...options, now }, version),
  );
}

async function searchUncached(
  edition: Edition,
  term: string,
  wanted: SearchPart[],
  options: SearchOptions,
  version: string,
): Promise<SearchSection[]> {
  const params = { searchTerm: term, ...(options.month ? { month: options.month } : {}) };
  const view = (list: ListId) => resolveListView(list, edition, params, options.now, version);
  // Every part's names are matched against the term in one statement, not one each.
  const names = namesMatcher();
  const found = await Promise.all(
    wanted.map(async (part) => {
      const partView = await view(part.list);
      const period = partView.choice.period;
      const { search } = listReaderOf(part.list, edition);
      if (!search) throw new Error(`The list ${part.list} has no search results.`);
      const { hits, total } =
        period === null || !partView.searchTerm
          ? { hits: [], total: 0 }
          : await search(
              period,
              { month: partView.choice.month.value, searchTerm: partView.searchTerm, names },
              resultsPerSection,
            );
      return {
        part,
        hits,
        total,
        viewAllHref: viewAllPath(part, partView.searchTerm, partView.choice.month.value),
      };
    }),
  );
  return found.map(({ part, hits, total, viewAllHref }) => ({
    part: part.id,
    title: part.title,
    description: part.description,
    total,
    viewAllHref,
    results: hits.map((hit): SearchResult => ({
      ...hit,
      href: hit.href ?? viewAllHref,
      concessionPence: hit.concessionPence ?? null,
    })),
  }));
}
