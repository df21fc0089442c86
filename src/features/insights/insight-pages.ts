import type { DataColumn, DataRow } from "@/components/data-table/format";
import type { ListFilter } from "@/components/data-table/list-filter-types";
import { partLabel, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import { insightSources, type ChangeRow, type InsightKind, type PeriodCounts } from "./sources";

/**
 * What each insights page shows: its title in each edition, the sentence that explains it, its
 * table's columns, its filters and the series of its counts chart. Data, so one view renders all four.
 */
type InsightPage = {
  path: string;
  title: (edition: Edition) => string;
  explanation: string;
  /** Category M is quarterly: its periods are quarter starts. */
  periodWord: "month" | "quarter";
  columns: DataColumn[];
  counts: { key: keyof Omit<PeriodCounts, "period">; name: string; color: string }[];
  filters: (params: Record<string, string>, edition: Edition) => ListFilter[];
  /** Rows kept by the page's filters. */
  keep: (row: ChangeRow, params: Record<string, string>) => boolean;
  priceCharts: boolean;
  fileStem: string;
};

const blue = "#1d4ed8";
const red = "#b91c1c";
const green = "#047857";

const nameColumn: DataColumn = { id: "name", header: "Name", hrefKey: "href", priority: "name" };
const packColumns: DataColumn[] = [
  { id: "packSize", header: "Pack size", kind: "number", priority: "key" },
  { id: "unit", header: "Unit", priority: "key" },
];
const codeColumn: DataColumn = { id: "code", header: "VMPP code", kind: "code", priority: "detail" };
const priceColumns: DataColumn[] = [
  { id: "oldPrice", header: "Old price", kind: "pence", priority: "key" },
  { id: "newPrice", header: "New price", kind: "pence", priority: "key" },
  { id: "changePence", header: "Change", kind: "pence", priority: "detail" },
  { id: "changePercent", header: "Change %", kind: "percent", priority: "key" },
];

/** An optional filter whose value is one of `options` (value → label), read from the URL's `name`. */
const choiceFilter = (
  name: string,
  label: string,
  params: Record<string, string>,
  options: Record<string, string>,
): ListFilter => ({
  name,
  label,
  value: params[name] ?? "",
  options: Object.entries(options).map(([value, text]) => ({ value, label: text })),
});

const directionFilter = (params: Record<string, string>): ListFilter[] => [
  choiceFilter("direction", "Direction", params, { up: "Increases", down: "Decreases" }),
];

const keepDirection = (row: ChangeRow, params: Record<string, string>) =>
  params.direction === "up"
    ? (row.priceChangePence ?? 0) > 0
    : params.direction === "down"
      ? (row.priceChangePence ?? 0) < 0
      : true;

const priceCounts: InsightPage["counts"] = [
  { key: "increases", name: "Increases", color: red },
  { key: "decreases", name: "Decreases", color: blue },
];

/**
 * The parts whose additions and deletions the page offers, per edition: Parts VIIIB and VIIID are
 * England & Wales lists. The first is the default.
 */
export const additionParts: Record<Edition, PartId[]> = {
  1: ["viiia", "viiib", "viiid", "ix"],
  2: ["viiia", "ix"],
};

/** The part an insights page reads: its own, or for Additions & Deletions the one the URL chose. */
export function insightPart(kind: InsightKind, edition: Edition, params: Record<string, string>): PartId {
  if (kind !== "additions-deletions") return insightSources[kind].part;
  const offered = additionParts[edition];
  return offered.find((part) => part === params.part) ?? offered[0]!;
}

export const insightPages: Record<InsightKind, InsightPage> = {
  "additions-deletions": {
    path: "/insights/additions-deletions",
    title: () => "Additions & Deletions",
    explanation:
      "Packs that joined or left a part of the Drug Tariff this month: choose the part. A pack replaced by another of the same medicine names its replacement.",
    periodWord: "month",
    columns: [
      { id: "change", header: "Change", priority: "key" },
      nameColumn,
      ...packColumns,
      { id: "category", header: "Category" },
      { id: "price", header: "Price", kind: "pence", priority: "key" },
      { id: "pairedCode", header: "Replaces / replaced by", kind: "code", priority: "detail" },
      codeColumn,
    ],
    counts: [
      { key: "additions", name: "Additions", color: green },
      { key: "deletions", name: "Deletions", color: red },
    ],
    filters: (params, edition) => [
      {
        name: "part",
        label: "Part",
        required: true,
        value: insightPart("additions-deletions", edition, params),
        options: additionParts[edition].map((part) => ({ value: part, label: partLabel(part, edition) })),
      },
      choiceFilter("change", "Change", params, { addition: "Additions", deletion: "Deletions" }),
    ],
    keep: (row, params) => !params.change || row.change === params.change,
    priceCharts: false,
    fileStem: "additions-deletions",
  },
  "price-changes-viiia": {
    path: "/insights/price-changes-partviiia",
    title: (edition) => (edition === 2 ? "Part I Price Changes" : "Part VIIIA Price Changes"),
    explanation:
      "Every generic medicine whose Drug Tariff basic price moved from the previous month, and by how much.",
    periodWord: "month",
    columns: [
      nameColumn,
      ...packColumns,
      { id: "category", header: "Category", priority: "detail" },
      ...priceColumns,
      codeColumn,
    ],
    counts: priceCounts,
    filters: directionFilter,
    keep: keepDirection,
    priceCharts: true,
    fileStem: "part-viiia-price-changes",
  },
  "price-changes-catm": {
    path: "/insights/price-changes-catm",
    title: () => "Category M Price Changes",
    explanation:
      "Category M prices are set each quarter from manufacturers' sales: every price that moved from the previous quarter.",
    periodWord: "quarter",
    columns: [nameColumn, ...packColumns, ...priceColumns, codeColumn],
    counts: priceCounts,
    filters: directionFilter,
    keep: keepDirection,
    priceCharts: true,
    fileStem: "category-m-price-changes",
  },
  "category-changes": {
    path: "/insights/category-changes",
    title: () => "Category Changes",
    explanation:
      "Medicines that moved between Drug Tariff categories this month (for example from Category C to A), which changes how their price is set.",
    periodWord: "month",
    columns: [
      nameColumn,
      ...packColumns,
      { id: "oldCategory", header: "From", priority: "key" },
      { id: "newCategory", header: "To", priority: "key" },
      { id: "oldPrice", header: "Old price", kind: "pence", priority: "detail" },
      { id: "newPrice", header: "New price", kind: "pence", priority: "key" },
      codeColumn,
    ],
    counts: [{ key: "categoryChanges", name: "Category changes", color: blue }],
    filters: () => [],
    keep: () => true,
    priceCharts: false,
    fileStem: "category-changes",
  },
};

/** A change as a table row: plain values, and the pack's public page when it has a code. */
export function toDataRow(row: ChangeRow, part: PartId = "viiia"): DataRow {
  const added = row.change === "addition";
  const page = part === "ix" ? "/appliance-info" : "/drug-info";
  return {
    change: added ? "Addition" : row.change === "deletion" ? "Deletion" : null,
    name: row.name,
    href: row.code ? `${page}/${row.code}` : null,
    packSize: row.packSize,
    unit: row.unitOfMeasure,
    category: (added || row.change !== "deletion" ? row.newCategory : row.oldCategory) ?? row.oldCategory,
    price: added ? row.newPricePence : row.change === "deletion" ? row.oldPricePence : row.newPricePence,
    oldPrice: row.oldPricePence,
    newPrice: row.newPricePence,
    changePence: row.priceChangePence,
    changePercent: row.priceChangePercent,
    oldCategory: row.oldCategory,
    newCategory: row.newCategory,
    pairedCode: row.pairedCode,
    code: row.code,
  };
}

/** `part-viiia-price-changes-ew-2026-11.csv`; Additions & Deletions name their part (`additions-deletions-ix-ew-…`). */
export function exportFileName(kind: InsightKind, edition: Edition, period: string, part?: PartId): string {
  const stem =
    kind === "additions-deletions" && part
      ? `${insightPages[kind].fileStem}-${part}`
      : insightPages[kind].fileStem;
  return `${stem}-${edition === 2 ? "ni" : "ew"}-${period}.csv`;
}

/** The URL's query as one string per name (a repeated name keeps its first value). */
export function singleValues(params: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).flatMap(([name, value]) => {
      const first = Array.isArray(value) ? value[0] : value;
      return first === undefined ? [] : [[name, first]];
    }),
  );
}
