import { formatPence, monthNames } from "@/lib/tariff-vocabulary";

import { changeKinds, type ChangeEntry } from "./queries";

/** Changes grouped by month, then part, as the page and the feed show them (newest month first). */
export type ChangeGroup = {
  period: string;
  part: ChangeEntry["part"];
  partLabel: string;
  importedAt: string;
  entries: ChangeEntry[];
};

export function groupChanges(entries: ChangeEntry[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const entry of entries) {
    const key = `${entry.period}|${entry.part}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        period: entry.period,
        part: entry.part,
        partLabel: entry.partLabel,
        importedAt: entry.importedAt,
        entries: [],
      };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...groups.values()];
}

/** "July 2026" for `2026-07`. */
export function monthOf(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return `${monthNames[month - 1]} ${year}`;
}

/** One change in words, for the feed: "Price change: £1.00 → £1.20 (+20.0%)". */
export function describeChange(entry: ChangeEntry): string {
  const words: string[] = [changeKinds[entry.kind]];
  const price = (pence: number | null) => (pence === null ? "none" : formatPence(pence));
  if (entry.kind === "category_change")
    words.push(`${entry.oldCategory ?? "none"} → ${entry.newCategory ?? "none"}`);
  else if (entry.oldPricePence !== null && entry.newPricePence !== null)
    words.push(`${price(entry.oldPricePence)} → ${price(entry.newPricePence)}`);
  else if (entry.newPricePence !== null) words.push(price(entry.newPricePence));
  else if (entry.oldPricePence !== null) words.push(`was ${price(entry.oldPricePence)}`);
  if (entry.priceChangePercent !== null)
    words.push(`(${entry.priceChangePercent > 0 ? "+" : ""}${entry.priceChangePercent.toFixed(1)}%)`);
  return words.join(" ");
}
