import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import type { DataRow } from "@/components/data-table/format";
import { getDb } from "@/db/client";
import { concessions } from "@/db/schema";
import { resolveListView } from "@/features/tariff/list-view";
import type { ListId } from "@/features/tariff/lists";
import { listRows } from "@/features/tariff/queries";
import type { Edition } from "@/lib/tariff-vocabulary";

import { searchParts, viewAllPath, type SearchPartId } from "./parts";

export type SearchResult = {
  name: string;
  pack: string | null;
  /** The tariff category the pack is in (Category A, Part IXA, …), where its part gives one. */
  category: string | null;
  code: string | null;
  href: string;
  pricePence: number | null;
  netPricePence: number | null;
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

const text = (value: unknown) =>
  value === null || value === undefined || value === "" ? null : String(value);
const pence = (value: unknown) => (typeof value === "number" ? value : null);
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(" ") || null;
/** `A` reads as 'Category A', `IXA` as 'Part IXA'; a longer name (a brand's 'Part VIIIA Category C') as itself. */
const labelled = (prefix: string, value: unknown) => {
  const category = text(value);
  return category === null ? null : category.length <= 4 ? `${prefix} ${category}` : category;
};

/** What a result shows of a list's row: each list names its fields its own way. */
function toResult(list: ListId, row: DataRow, fallbackHref: string): Omit<SearchResult, "concessionPence"> {
  const href = text(row.href) ?? fallbackHref;
  switch (list) {
    case "partix":
      return {
        name: text(row.ampName) ?? "",
        pack: joined(row.quantity, row.quantityUnitOfMeasure, row.sizeOrWeight),
        category: labelled("Part", row.part),
        code: text(row.packSnomedCode),
        href,
        pricePence: pence(row.price),
        netPricePence: pence(row.netPrice),
      };
    case "partviiib":
      return {
        name: text(row.medicine) ?? "",
        pack: joined(row.minimumQuantity, row.unitOfMeasure),
        category: null,
        code: text(row.vmpSnomedCode),
        href,
        pricePence: pence(row.minimumQuantityPrice),
        netPricePence: pence(row.netMinimumQuantityPrice),
      };
    case "acbs":
      return {
        name: text(row.product) ?? "",
        pack: joined(row.packSize, row.unitOfMeasure),
        category: null,
        code: text(row.amppSnomedCode),
        href,
        pricePence: pence(row.price),
        netPricePence: null,
      };
    case "brands":
      return {
        name: text(row.name) ?? "",
        pack: joined(row.packSize, row.unitOfMeasure),
        category: labelled("Category", row.drugTariffCategory),
        code: text(row.amppSnomedCode),
        href,
        pricePence: pence(row.nhsIndicativePrice),
        netPricePence: pence(row.netPrice),
      };
    case "concessions":
      return {
        name: text(row.drug) ?? "",
        pack: text(row.packSize),
        category: null,
        code: text(row.vmppSnomedCode),
        href,
        pricePence: pence(row.tariffPrice),
        netPricePence: null,
      };
    default:
      return {
        name: text(row.medicine) ?? "",
        pack: joined(row.packSize, row.unitOfMeasure),
        category: list === "catm" ? "Category M" : labelled("Category", row.category),
        code: text(row.vmppSnomedCode),
        href,
        pricePence: pence(row.basicPrice),
        netPricePence: pence(row.netPrice),
      };
  }
}

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
      const rows =
        period === null || !view.searchTerm
          ? []
          : await listRows(part.list, edition, period, { searchTerm: view.searchTerm });
      const viewAllHref = viewAllPath(part, view.searchTerm, view.choice.month.value);
      const first = rows.slice(0, resultsPerSection).map((row) => toResult(part.list, row, viewAllHref));
      const granted =
        part.list === "concessions" || concessionsView.choice.period === null
          ? new Map<string, number>()
          : await concessionsFor(
              concessionsView.choice.period,
              first.flatMap((result) => (result.code ? [result.code] : [])),
            );
      const results = first.map((result, index) => ({
        ...result,
        concessionPence:
          part.list === "concessions"
            ? pence(rows[index]!.price)
            : result.code
              ? (granted.get(result.code) ?? null)
              : null,
      }));
      return {
        part: part.id,
        title: part.title,
        description: part.description,
        total: rows.length,
        viewAllHref,
        results,
      };
    }),
  );
}
