import "server-only";

import { createHash } from "node:crypto";

import type { z } from "zod";

import type { DataColumn, DataRow } from "@/components/data-table/format";
import { getChangesSince } from "@/features/changes/queries";
import { dataVersion } from "@/lib/data-version-cache";
import { listViewRows, resolveListView, type ListView } from "@/features/tariff/list-view";
import { lists, type ListId } from "@/features/tariff/lists";
import { getPackPrice, MonthOutOfRange } from "@/features/tariff/pack-price";
import { getLicenceWatchlists } from "@/features/watchlists/licence-watchlists";
import { currentPeriod, editionCodes, editionFromCode, type Edition } from "@/lib/tariff-vocabulary";

import type {
  ApiPart,
  changeList,
  concessionList,
  monthList,
  packPage,
  packPrice,
  packsQuery,
  watchlistList,
} from "./contract";
import { ApiProblem } from "./problem";
import { getLoadedMonths } from "./queries";

/**
 * What each operation of the data API answers (ADR 202), read through the same code as the pages:
 * a part's packs are its list's rows (`resolveListView`, priced by the pricing model), a pack is
 * `getPackPrice`, changes are the change feed's, watchlists are the licence's shared lists.
 */

const listOfPart: Record<ApiPart, ListId> = {
  viiia: "partviiia",
  viiib: "partviiib",
  viiid: "partviiid",
  "cat-m": "catm",
  ix: "partix",
};

export const editionOf = (code: "ew" | "ni"): Edition => editionFromCode(code)!;

/** The list's view of a month, or the problem with the month asked for. */
async function viewOf(
  id: ListId,
  edition: Edition,
  month: string | undefined,
  name?: string,
): Promise<ListView> {
  const view = await resolveListView(id, edition, { month, searchTerm: name });
  const title = (edition === 2 && lists[id].niTitle) || lists[id].title;
  if (view.choice.refused)
    throw new ApiProblem(
      "not_found",
      `No ${title} is loaded for ${view.choice.refused.asked}: GET /api/v1/months lists the months loaded.`,
    );
  if (view.choice.period === null) throw new ApiProblem("not_found", `No ${title} is loaded yet.`);
  return view;
}

const served = (view: ListView) => ({
  edition: editionCodes[view.edition],
  month: view.choice.month.value,
  monthInForce: view.choice.inForce.value,
  release: view.choice.period!,
});

const columnsOf = (id: ListId) =>
  lists[id].columns
    .filter((column) => !column.drawn)
    .map(({ id: columnId, header, kind }) => ({ id: columnId, header, ...(kind ? { kind } : {}) }));

type Page = z.infer<typeof packPage>;

/**
 * A page of a part's packs. The cursor carries the offset and the data version it was made at: a
 * page asked for after an import changed the data is refused (409), never silently shifted.
 */
export async function getPackPage(
  part: ApiPart,
  query: z.infer<typeof packsQuery>,
): Promise<{ version: string; key: string; page: () => Promise<Page> }> {
  const id = listOfPart[part];
  const edition = editionOf(query.edition);
  const view = await viewOf(id, edition, query.month, query.name);
  const versionTag = createHash("sha256").update(view.version).digest("base64url").slice(0, 8);
  const offset = readCursor(query.cursor, versionTag);
  const codes = query.codes ? [...new Set(query.codes.split(","))] : undefined;
  const key = `api|packs|${id}|${edition}|${view.choice.period}|${view.choice.month.value}|${view.searchTerm}|${query.codes ?? ""}|${offset}|${query.limit}`;
  return {
    version: view.version,
    key,
    page: async () => {
      const rows: DataRow[] = [];
      // One more than a page: whether there is a next one.
      const window = { skip: offset, take: query.limit + 1 };
      for await (const row of await listViewRows(view, { codes, window })) rows.push(row);
      const more = rows.length > query.limit;
      if (more) rows.pop();
      return {
        part,
        ...served(view),
        columns: columnsOf(id),
        rows,
        nextCursor: more ? `${offset + query.limit}.${versionTag}` : null,
      };
    },
  };
}

function readCursor(cursor: string | undefined, versionTag: string): number {
  if (cursor === undefined) return 0;
  const match = cursor.match(/^(\d{1,9})\.([A-Za-z0-9_-]{8})$/);
  if (!match)
    throw new ApiProblem("validation", "This cursor is not one the API gave: start from the first page.");
  if (match[2] !== versionTag)
    throw new ApiProblem(
      "conflict",
      "The data has changed since this cursor was given (a month was imported): start again from the first page.",
    );
  return Number(match[1]);
}

/** A month's concessions: England & Wales' list, which Northern Ireland applies too. */
export async function getConcessions(query: {
  edition: "ew" | "ni";
  month?: string;
}): Promise<{ version: string; key: string; list: () => Promise<z.infer<typeof concessionList>> }> {
  const view = await viewOf("concessions", editionOf(query.edition), query.month);
  const key = `api|concessions|${view.edition}|${view.choice.period}|${view.choice.month.value}`;
  return {
    version: view.version,
    key,
    list: async () => {
      const rows: DataRow[] = [];
      for await (const row of await listViewRows(view)) rows.push(row);
      return { ...served(view), columns: columnsOf("concessions"), rows };
    },
  };
}

/** One pack's money: the product page's answer (`getPackPrice`), with the month published ahead. */
export async function getPack(
  code: string,
  query: { edition: "ew" | "ni"; month?: string },
  now = new Date(),
): Promise<z.infer<typeof packPrice>> {
  try {
    const price = await getPackPrice(code, editionOf(query.edition), query.month, now);
    if (!price) throw new ApiProblem("not_found", `No month lists a pack with the code ${code}.`);
    return price;
  } catch (error) {
    if (error instanceof MonthOutOfRange) throw new ApiProblem("validation", error.message);
    throw error;
  }
}

/** A month's changes, as the change feed reads them: additions, deletions, price, category and concession changes. */
export async function getMonthChanges(
  query: { edition: "ew" | "ni"; month?: string },
  now = new Date(),
): Promise<z.infer<typeof changeList>> {
  const edition = editionOf(query.edition);
  const inForce = currentPeriod(now);
  const month = query.month ?? inForce;
  const changes = await getChangesSince(edition, new Date(0), { period: `${month}-01` });
  return { edition: query.edition, month, monthInForce: inForce, changes };
}

/** The licence's shared watchlists and their packs, priced as at the month asked for (the month in force by default). */
export async function getWatchlists(
  licenceId: string,
  query: { edition: "ew" | "ni"; month?: string },
  now = new Date(),
): Promise<z.infer<typeof watchlistList>> {
  const inForce = currentPeriod(now);
  const month = query.month ?? inForce;
  // The middle of the month asked for: its month in force is that month, whatever the time zone.
  const at = month === inForce ? now : new Date(`${month}-15T12:00:00Z`);
  const watchlists = await getLicenceWatchlists(licenceId, editionOf(query.edition), at);
  return { edition: query.edition, month, monthInForce: inForce, watchlists };
}

/** The months loaded, newest first, with when each came into force, was first loaded and last replaced. */
export async function getMonths(
  now = new Date(),
): Promise<{ version: string; key: string; list: () => Promise<z.infer<typeof monthList>> }> {
  const version = await dataVersion();
  const inForce = currentPeriod(now);
  return {
    version,
    key: `api|months|${inForce}`,
    list: async () => ({
      monthInForce: inForce,
      months: (await getLoadedMonths()).map((month) => ({
        part: month.part,
        edition: editionCodes[month.edition === 2 ? 2 : 1],
        month: month.period.slice(0, 7),
        rows: month.rows,
        inForceFrom: month.period,
        coming: month.period.slice(0, 7) > inForce,
        firstImportedAt: month.firstImportedAt,
        importedAt: month.importedAt,
      })),
    }),
  };
}

type Table = { columns: DataColumn[]; rows: DataRow[] };
const column = (id: string, header: string, kind?: DataColumn["kind"]): DataColumn => ({ id, header, kind });

/** A pack's CSV: a line for the month asked for and one for each month published ahead. */
export function packCsv(pack: z.infer<typeof packPrice>): Table {
  const line = (month: z.infer<typeof packPrice>["month"]): DataRow => ({
    code: pack.code,
    name: pack.name,
    month: month.month,
    standing: month.standing,
    pricePence: month.price?.pricePence ?? null,
    concessionPence: month.price?.concessionPence ?? null,
    ratePercent: month.price?.rateBp == null ? null : month.price.rateBp / 100,
    deductionPence: month.price?.deductionPence ?? null,
    netPence: month.price?.netPence ?? null,
  });
  return {
    columns: [
      column("code", "Code", "code"),
      column("name", "Name"),
      column("month", "Month"),
      column("standing", "Standing"),
      column("pricePence", "Price", "pence"),
      column("concessionPence", "Concession", "pence"),
      column("ratePercent", "Deduction", "percent"),
      column("deductionPence", "Deduction amount", "pence"),
      column("netPence", "Net price", "pence"),
    ],
    rows: [line(pack.month), ...pack.coming.map(line)],
  };
}

export function changesCsv(list: z.infer<typeof changeList>): Table {
  return {
    columns: [
      column("period", "Month"),
      column("partLabel", "Part"),
      column("kind", "Change"),
      column("name", "Name"),
      column("pack", "Pack"),
      column("code", "Code", "code"),
      column("oldPricePence", "Old price", "pence"),
      column("newPricePence", "New price", "pence"),
      column("priceChangePercent", "Change", "percent"),
      column("oldCategory", "Old category"),
      column("newCategory", "New category"),
      column("importedAt", "Imported", "date"),
    ],
    rows: list.changes,
  };
}

/** The watchlists' CSV: a line per pack, named by its watchlist. */
export function watchlistsCsv(list: z.infer<typeof watchlistList>): Table {
  return {
    columns: [
      column("watchlist", "Watchlist"),
      column("kind", "Kind"),
      column("code", "Code", "code"),
      column("name", "Name"),
      column("packSize", "Pack size", "number"),
      column("unit", "Unit"),
      column("pricePence", "Price", "pence"),
      column("concessionPence", "Concession", "pence"),
      column("netPricePence", "Net price", "pence"),
      column("previousPricePence", "Last month's price", "pence"),
      column("nextPricePence", "Next month's price", "pence"),
    ],
    rows: list.watchlists.flatMap((watchlist) =>
      watchlist.packs.map((pack) => ({
        watchlist: watchlist.name,
        kind: pack.kind,
        code: pack.code,
        name: pack.name,
        packSize: pack.packSize,
        unit: pack.unit,
        pricePence: pack.pricePence,
        concessionPence: pack.concessionPence,
        netPricePence: pack.netPricePence,
        previousPricePence: pack.previousPricePence,
        nextPricePence: pack.next?.pricePence ?? null,
      })),
    ),
  };
}

export function monthsCsv(list: z.infer<typeof monthList>): Table {
  return {
    columns: [
      column("part", "Part"),
      column("edition", "Edition"),
      column("month", "Month"),
      column("rows", "Rows", "number"),
      column("inForceFrom", "In force from", "date"),
      column("firstImportedAt", "First loaded"),
      column("importedAt", "Last replaced"),
    ],
    rows: list.months.map(({ coming: _, ...month }) => month),
  };
}
