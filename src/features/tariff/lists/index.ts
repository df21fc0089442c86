import type { DataColumn, MadeValues } from "@/components/data-table/format";
import type { SearchPartId } from "@/lib/search-part-ids";
import type { Edition } from "@/lib/tariff-vocabulary";

import { acbs } from "./acbs";
import { blacklist } from "./blacklist";
import { brands } from "./brands";
import { brokenBulk } from "./broken-bulk";
import { catm } from "./catm";
import { concessions } from "./concessions";
import { dentalFormulary } from "./dental-formulary";
import { discontinued } from "./discontinued";
import { nurseFormulary } from "./nurse-formulary";
import { partix } from "./partix";
import { partviiia } from "./partviiia";
import { partviiib } from "./partviiib";
import { partviiid } from "./partviiid";
import { specialContainers } from "./special-containers";
import { zeroDiscount } from "./zero-discount";
import type { ProductKind } from "@/lib/tariff-vocabulary";

/**
 * Every price list and reimbursement list a signed-in user can open (product §2.2, §2.3, /brands and
 * /concession-prices), each described in its own file of this folder: what it is called, what it is
 * for, its columns and filters, what its table makes from its rows, and where the menu, the search
 * and the watchlists find it. Its rows are read by its reader (`<id>.reader.ts`, through
 * `readers.ts`); the page around them is `components/tariff-list-page.tsx`.
 */
export const listIds = [
  "partviiia",
  "partviiib",
  "partviiid",
  "catm",
  "partix",
  "acbs",
  "blacklist",
  "broken-bulk",
  "dental-formulary",
  "discontinued",
  "zero-discount",
  "nurse-formulary",
  "special-containers",
  "brands",
  "concessions",
] as const;

export type ListId = (typeof listIds)[number];

/** Where the signed-in menu shows a list: a group of its own, or the links below the groups. */
export type MenuGroup = "tariff" | "reimbursement" | "links";

export type ListSpec = {
  id: ListId;
  path: string;
  title: string;
  niTitle?: string;
  /** One line: what the list is and how it is used in reimbursement. */
  explanation: string;
  /** The part of the file name of its CSV, e.g. `part-viiia`. */
  fileStem: string;
  columns: DataColumn[];
  /** The drop-downs it offers (column ids of the query's filterable values). */
  filters: { name: string; label: string }[];
  searchLabel: string;
  /**
   * "monthly": a month shows that month's file, or says it has none. "latest": lists published
   * less often (Category M each quarter, the dm+d flags, our CSV lists) show the release in force
   * that month, the latest one loaded on or before it.
   */
  cadence: "monthly" | "latest";
  /** Only England & Wales publishes it: Northern Ireland users see England & Wales' list, so marked. */
  ewOnly?: boolean;
  /**
   * The links and explanations its table makes in the browser from each row, for the period shown
   * (`made-values.ts`, ADR 149); none where its rows carry their own.
   */
  madeValues?: (period: string) => MadeValues;
  /** Where the signed-in menu lists it, and the line under its title in a group. */
  menu: { group: MenuGroup; subtitle?: string };
  /** The part of the global search that reads it, and that part's title where not the list's. */
  search?: { part: SearchPartId; title?: string };
  /**
   * How a watchlist holds its rows, where it can: the kind of pack (as a watchlist keeps it) and
   * the row keys of the pack's code and name.
   */
  watch?: { kind: ProductKind; codeKey: string; nameKey: string };
};

export const lists: Record<ListId, ListSpec> = {
  partviiia,
  partviiib,
  partviiid,
  catm,
  partix,
  acbs,
  blacklist,
  "broken-bulk": brokenBulk,
  "dental-formulary": dentalFormulary,
  discontinued,
  "zero-discount": zeroDiscount,
  "nurse-formulary": nurseFormulary,
  "special-containers": specialContainers,
  brands,
  concessions,
};

/** Whether a value from a URL names one of the lists. */
export function isListId(value: string): value is ListId {
  return (listIds as readonly string[]).includes(value);
}

/** Whether a list shows the discount deduction, and so needs the key to its Discount column. */
export function hasDiscountColumn(spec: ListSpec): boolean {
  return spec.columns.some((column) => column.id === "discountRate");
}

export function listTitle(spec: ListSpec, edition: Edition): string {
  return edition === 2 ? (spec.niTitle ?? spec.title) : spec.title;
}

/** What a list's table makes from each of its rows for `period`. */
export function listMadeValues(id: ListId, period: string): MadeValues {
  return lists[id].madeValues?.(period) ?? {};
}

/** The lists a menu group shows, in the lists' order. */
export function listsInMenu(group: MenuGroup): ListSpec[] {
  return listIds.map((id) => lists[id]).filter((spec) => spec.menu.group === group);
}

/** The list a part of the global search reads. */
export function listOfSearchPart(part: SearchPartId): ListSpec {
  const spec = listIds.map((id) => lists[id]).find((list) => list.search?.part === part);
  if (!spec) throw new Error(`No list is read by the search part ${part}.`);
  return spec;
}
