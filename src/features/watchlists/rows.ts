import type { DataColumn, DataRow } from "@/components/data-table/format";
import { productPaths } from "@/features/tariff/product-metadata";
import { fromFirstOf, fromFirstOfAtStart } from "@/features/tariff/months";
import { formatPence, partLabel, type Edition } from "@/lib/tariff-vocabulary";

import type { WatchlistEntry } from "./queries";

/**
 * The watchlist table's columns; each row also carries its pack's `kind` and `code` for the remove
 * control, and `history`, its 12 months' prices ("120,125,…"), which the table draws in "12 months"
 * (a sparkline, named for screen readers by its first and last price) and the CSV leaves out: the
 * prices it draws are not labelled by month, and the month's and last month's are columns of their own.
 */
export const watchlistColumns: DataColumn[] = [
  { id: "name", header: "Name", priority: "name", hrefKey: "href" },
  { id: "pack", header: "Pack", priority: "key" },
  { id: "price", header: "Price", kind: "pence", priority: "key" },
  { id: "netPrice", header: "Net price", kind: "pence", priority: "key" },
  { id: "lastPrice", header: "Last month", kind: "pence" },
  { id: "nextNetPrice", header: "Net next month", kind: "pence" },
  { id: "change", header: "Change", kind: "pence", priority: "key" },
  { id: "changePercent", header: "Change %", kind: "percent" },
  { id: "concession", header: "Concession", kind: "text" },
  { id: "concessionPrice", header: "Concession price", kind: "pence" },
  { id: "part", header: "Part" },
  { id: "category", header: "Category" },
  { id: "trend", header: "12 months", drawn: true },
  { id: "flags", header: "Flags" },
  { id: "code", header: "SNOMED code", kind: "code", priority: "detail" },
];

const quantity = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });

function packText(entry: WatchlistEntry): string | null {
  if (entry.packSize === null) return entry.unit;
  return [quantity.format(entry.packSize), entry.unit].filter(Boolean).join(" ");
}

/** What changes for a pack in the month published ahead of its 1st, in words ("From 1 December: …"). */
function comingFlags(entry: WatchlistEntry): string[] {
  const next = entry.next;
  if (!next) return [];
  const from = fromFirstOf(next.period);
  const when = fromFirstOfAtStart(next.period);
  if (!next.listed) return entry.listedThisMonth ? [`Deleted ${from}`] : [];
  const flags: string[] = [];
  if (
    next.netPricePence !== null &&
    entry.netPricePence !== null &&
    next.netPricePence !== entry.netPricePence
  )
    flags.push(`${when}: net ${formatPence(entry.netPricePence)} → ${formatPence(next.netPricePence)}`);
  if (!entry.listedThisMonth) flags.push(`Listed ${from}`);
  if (next.category !== null && entry.category !== null && next.category !== entry.category)
    flags.push(`Category ${entry.category} → ${next.category} ${from}`);
  return flags;
}

/** What a reader should notice about a pack this month and in the month coming, in words. */
export function flagsOf(entry: WatchlistEntry): string[] {
  const flags: string[] = [];
  if (!entry.listedThisMonth && entry.listedLastMonth) flags.push("Deleted");
  else if (!entry.listedThisMonth) flags.push("Not listed this month");
  if (entry.discontinued) flags.push("Discontinued");
  if (entry.category !== null && entry.previousCategory !== null && entry.category !== entry.previousCategory)
    flags.push(`Category changed from ${entry.previousCategory}`);
  return [...flags, ...comingFlags(entry)];
}

/** One watched pack as a table row: the change is this month's price less last month's. */
export function toWatchlistRow(entry: WatchlistEntry, edition: Edition): DataRow {
  const change =
    entry.pricePence !== null && entry.previousPricePence !== null
      ? entry.pricePence - entry.previousPricePence
      : null;
  const changePercent =
    change !== null && entry.previousPricePence ? (change / entry.previousPricePence) * 100 : null;
  return {
    kind: entry.kind,
    code: entry.code,
    href: `${productPaths[entry.kind]}/${entry.code}`,
    name: entry.name ?? `Pack ${entry.code}`,
    pack: packText(entry),
    price: entry.pricePence,
    netPrice: entry.netPricePence,
    lastPrice: entry.previousPricePence,
    nextNetPrice: entry.next?.netPricePence ?? null,
    change,
    changePercent,
    concession: entry.kind === "drug" ? (entry.concessionPence === null ? "None" : "Granted") : null,
    concessionPrice: entry.concessionPence,
    part: entry.subPart ? `Part ${entry.subPart}` : partLabel(entry.part, edition),
    category: entry.category,
    flags: flagsOf(entry).join("; ") || null,
    history: entry.history.join(","),
  };
}

/** A watchlist's packs as its table's rows, by name. */
export function watchlistTableRows(entries: WatchlistEntry[], edition: Edition): DataRow[] {
  return entries
    .map((entry) => toWatchlistRow(entry, edition))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/** A row's 12 months' prices, oldest first. */
export function historyOf(row: DataRow): number[] {
  return row.history ? String(row.history).split(",").map(Number) : [];
}

export type WatchlistFilter = { text: string; part: string; flaggedOnly: boolean };

/** The rows a filter keeps: the text in the name or code, the part chosen ("" for any), flagged only. */
export function filterWatchlistRows(rows: DataRow[], filter: WatchlistFilter): DataRow[] {
  const text = filter.text.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!text || String(row.name).toLowerCase().includes(text) || String(row.code).includes(text)) &&
      (!filter.part || row.part === filter.part) &&
      (!filter.flaggedOnly || Boolean(row.flags)),
  );
}
