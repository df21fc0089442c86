import "server-only";

import { createHash } from "node:crypto";

import type { Edition } from "@/features/imports/parts";

import { byDataVersion, dataVersion } from "./data-version-cache";
import { lists, type ListId, type ListSpec } from "./lists";
import { chooseMonth, type MonthChoice } from "./month-choice";
import { listFilterOptions, listPeriods, listRows, type ListQuery } from "./queries";

type Params = Record<string, string | string[] | undefined>;

/** What one list shows for a URL: the month chosen, the search and the filters that apply. */
export type ListView = {
  id: ListId;
  spec: ListSpec;
  edition: Edition;
  version: string;
  choice: MonthChoice;
  searchTerm: string;
  /** Each filter's applied value ("" for none): only values the drop-down offers are applied. */
  filterValues: Record<string, string>;
  options: Record<string, string[]>;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Reads a list's URL (`month`, `searchTerm`, the filters) for an edition the caller took from the
 * session. The page and its rows route both use it, so they always agree on what is shown. The
 * periods and filter values are kept per data version (ADR 012).
 */
export async function resolveListView(
  id: ListId,
  edition: Edition,
  params: Params,
  now = new Date(),
): Promise<ListView> {
  const spec = lists[id];
  const version = await dataVersion();
  const periods = await byDataVersion(version, `periods|${id}|${edition}`, () => listPeriods(id, edition));
  const choice = chooseMonth({ periods, cadence: spec.cadence, month: first(params.month), now });
  const period = choice.period;
  const options = period
    ? await byDataVersion(version, `options|${id}|${edition}|${period}`, () =>
        listFilterOptions(id, edition, period),
      )
    : {};
  const filterValues = Object.fromEntries(
    spec.filters.map((filter) => {
      const value = first(params[filter.name]) ?? "";
      return [filter.name, options[filter.name]?.includes(value) ? value : ""];
    }),
  );
  const searchTerm = (first(params.searchTerm) ?? "").trim().slice(0, 100);
  return { id, spec, edition, version, choice, searchTerm, filterValues, options };
}

const query = (view: ListView): ListQuery => ({ searchTerm: view.searchTerm, filters: view.filterValues });
const rowsKey = (view: ListView) =>
  `rows|${view.id}|${view.edition}|${view.choice.period}|${JSON.stringify(query(view))}`;

/**
 * Where the browser fetches the view's rows: the month resolved (never "the current month", which
 * could turn over between the page and the fetch), the search and the applied filters.
 */
export function listRowsPath(view: ListView): string {
  const search = new URLSearchParams({ month: view.choice.month.value });
  if (view.searchTerm) search.set("searchTerm", view.searchTerm);
  for (const [name, value] of Object.entries(view.filterValues)) if (value) search.set(name, value);
  return `/api/lists/${view.id}/rows?${search.toString()}`;
}

/** The view's rows as JSON text, read and serialised once per data version. */
export function listRowsJson(view: ListView): Promise<string> {
  const period = view.choice.period;
  if (period === null) return Promise.resolve("[]");
  return byDataVersion(view.version, rowsKey(view), async () =>
    JSON.stringify(await listRows(view.id, view.edition, period, query(view))),
  );
}

/** An entity tag for the rows: the same exactly when the data version and the view are. */
export function listRowsEtag(view: ListView): string {
  const digest = createHash("sha256")
    .update(`${view.version}|${rowsKey(view)}`)
    .digest("base64url");
  return `"${digest.slice(0, 27)}"`;
}
