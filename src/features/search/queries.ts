import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import { getDb } from "@/db/client";
import { concessions } from "@/db/schema";
import { listDefinition } from "@/features/tariff/list-definitions";
import type { ListHit } from "@/features/tariff/list-reading";
import { resolveListView } from "@/features/tariff/list-view";
import type { Edition } from "@/lib/tariff-vocabulary";

import { searchParts, viewAllPath, type SearchPartId } from "./parts";

/** A list's record as its part's section shows it (each list maps its own, `list-definitions.ts`). */
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

/** The concession granted on each of these packs in a month, by VMPP code. */
async function concessionsFor(period: string, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await getDb()
    .select({ code: concessions.vmppSnomedCode, pence: concessions.pricePence })
    .from(concessions)
    .where(
      and(
        eq(concessions.edition, 1),
        eq(concessions.period, period),
        inArray(concessions.vmppSnomedCode, codes),
      ),
    );
  return new Map(rows.flatMap((row) => (row.code ? [[row.code, row.pence] as const] : [])));
}

/**
 * The global search: for each part asked for (every part the edition has when none are), its
 * first matches in the month in force (or `month`), read exactly as the part's page reads its
 * rows with `searchTerm`, so 'View all results' opens on the same first rows.
 */
export async function searchTariff(
  edition: Edition,
  term: string,
  options: { parts?: SearchPartId[]; month?: string; now?: Date } = {},
): Promise<SearchSection[]> {
  const wanted = searchParts(edition).filter((part) => !options.parts || options.parts.includes(part.id));
  const params = { searchTerm: term, ...(options.month ? { month: options.month } : {}) };
  const concessionsView = await resolveListView("concessions", edition, params, options.now);
  return Promise.all(
    wanted.map(async (part) => {
      const view = await resolveListView(part.list, edition, params, options.now);
      const period = view.choice.period;
      const { hits } = listDefinition(part.list, edition);
      if (!hits) throw new Error(`The list ${part.list} has no search results.`);
      const found =
        period === null || !view.searchTerm ? [] : await hits(period, { searchTerm: view.searchTerm });
      const viewAllHref = viewAllPath(part, view.searchTerm, view.choice.month.value);
      const first = found.slice(0, resultsPerSection);
      const granted =
        concessionsView.choice.period === null
          ? new Map<string, number>()
          : await concessionsFor(
              concessionsView.choice.period,
              first.flatMap((hit) => (hit.concessionPence === undefined && hit.code ? [hit.code] : [])),
            );
      const results = first.map((hit): SearchResult => ({
        ...hit,
        href: hit.href ?? viewAllHref,
        concessionPence: hit.concessionPence ?? (hit.code ? (granted.get(hit.code) ?? null) : null),
      }));
      return {
        part: part.id,
        title: part.title,
        description: part.description,
        total: found.length,
        viewAllHref,
        results,
      };
    }),
  );
}
