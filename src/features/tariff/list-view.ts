import "server-only";

import type { DataRow } from "@/components/data-table/format";
import {
  byDataVersion,
  dataVersion,
  dataVersionEtag,
  dataVersionThrough,
  gzippedRowsByDataVersion,
} from "@/lib/data-version-cache";
import { editionCodes, type Edition } from "@/lib/tariff-vocabulary";

import { lists, type ListId } from "./lists";
import { chooseMonth, type MonthChoice } from "./month-choice";
import type { ListQuery, TermMatch } from "./list-reading";
import { eachListRow, listFilterOptions, listPeriods, listTermMatch } from "./queries";
import { sharedAnswer } from "./shared-answers";

type Params = Record<string, string | string[] | undefined>;

/** What one list shows for a URL: the month chosen, the search and the filters that apply. */
export type ListView = {
  id: ListId;
  edition: Edition;
  /** The data's version: what the months and filters offered are kept by. */
  version: string;
  /** The version of the data the rows read, their month's and earlier ones' (ADR 230): what they are kept by. */
  rowsVersion: string;
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
 * periods and filter values are kept per data version (ADR 012); a caller resolving several lists
 * at once (the global search) reads the version once and passes it.
 */
export async function resolveListView(
  id: ListId,
  edition: Edition,
  params: Params,
  now = new Date(),
  knownVersion?: string,
): Promise<ListView> {
  const spec = lists[id];
  const version = knownVersion ?? (await dataVersion());
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
  // Rows shown for an earlier period are priced for the month shown: both bound what they read.
  const pricedFor = `${choice.month.value}-01`;
  const rowsVersion = period
    ? await dataVersionThrough(version, period > pricedFor ? period : pricedFor)
    : version;
  return { id, edition, version, rowsVersion, choice, searchTerm, filterValues, options };
}

/** What narrows and prices the view's rows: the month shown is the month they are priced for. */
const query = (view: ListView): ListQuery => ({
  month: view.choice.month.value,
  searchTerm: view.searchTerm,
  filters: view.filterValues,
});
/** What the view's rows are kept and shared under: the same exactly when the rows are. */
export const listRowsKey = (view: ListView) =>
  `rows|${view.id}|${view.edition}|${view.choice.period}|${JSON.stringify(query(view))}`;

/**
 * What the view's rows are shared between processes under (ADR 223): answers are shared by the
 * data's version, so the rows' own version is part of the key.
 */
export const listRowsSharedKey = (view: ListView) => `${view.rowsVersion}|${listRowsKey(view)}`;

/**
 * Where the browser fetches the view's rows: the edition, the month resolved (never "the current
 * month", which could turn over between the page and the fetch), the search and the applied
 * filters. The edition is in the URL so that a change of country is a new URL: the table fetches
 * afresh and no cache can hand back the other edition's rows. The route still takes the edition
 * from the session and refuses a URL naming another (`rowsRouteReader`).
 */
export function listRowsPath(view: ListView): string {
  return `/api/lists/${view.id}/rows?${viewQuery(view, { edition: editionCodes[view.edition] })}`;
}

/** The page's own address for the view: what a product opened from it leads back to. */
export function listPagePath(view: ListView): string {
  return `${lists[view.id].path}?${viewQuery(view)}`;
}

function viewQuery(view: ListView, leading: Record<string, string> = {}): string {
  const search = new URLSearchParams({ ...leading, month: view.choice.month.value });
  if (view.searchTerm) search.set("searchTerm", view.searchTerm);
  for (const [name, value] of Object.entries(view.filterValues)) if (value) search.set(name, value);
  return search.toString();
}

/**
 * The view's rows, made as they are read (ADR 185): what its table shows, for the data API, which
 * may narrow them to some codes and take a window of them (a list read from one table honours both).
 */
export function listViewRows(
  view: ListView,
  narrowing: Pick<ListQuery, "codes" | "window"> = {},
): Promise<AsyncIterable<DataRow>> {
  const period = view.choice.period;
  return period === null
    ? Promise.resolve(emptyRows())
    : eachListRow(view.id, view.edition, period, { ...query(view), ...narrowing });
}

async function* emptyRows(): AsyncGenerator<DataRow> {}

/**
 * The view's rows as gzipped JSON, kept by the version of the data they read (ADR 013, ADR 230):
 * an import of a later month leaves them kept. A whole month (no search term) is built once for
 * every process (ADR 223): a real Part IX month is seconds of CPU; a search's few rows are quicker
 * to build than to share.
 */
export function listRowsGzip(view: ListView): Promise<Uint8Array<ArrayBuffer>> {
  const period = view.choice.period;
  return gzippedRowsByDataVersion(
    view.rowsVersion,
    listRowsKey(view),
    () => (period === null ? Promise.resolve([]) : eachListRow(view.id, view.edition, period, query(view))),
    view.searchTerm ? undefined : (build) => sharedAnswer(view.version, listRowsSharedKey(view), build),
  );
}

/**
 * How the view's search term matches its rows (ADR 180): the page says so when only near matches
 * are shown. Null without a term or a month; kept per data version, as the rows are.
 */
export function listSearchMatch(view: ListView): Promise<TermMatch | null> {
  const period = view.choice.period;
  if (period === null || !view.searchTerm) return Promise.resolve(null);
  return byDataVersion(view.version, `term-match|${listRowsKey(view)}`, () =>
    listTermMatch(view.id, view.edition, period, query(view)),
  );
}

/** An entity tag for the rows: the same exactly when the data they read and the view are. */
export function listRowsEtag(view: ListView): string {
  return dataVersionEtag(view.rowsVersion, listRowsKey(view));
}
