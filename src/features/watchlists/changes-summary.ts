import { formatPence, monthLabel } from "@/lib/tariff-vocabulary";

/** A change to one of a watchlist's packs, in months loaded since the reader last opened the list. */
export type VisitChange = {
  code: string;
  name: string;
  change: "price_change" | "category_change" | "deletion" | "concession";
  period: string;
  oldPence: number | null;
  newPence: number | null;
  oldCategory: string | null;
  newCategory: string | null;
};

export type VisitSummary =
  | { kind: "first" }
  | {
      kind: "since";
      /** When the reader last opened the list (ISO). */
      lastVisit: string;
      counts: {
        rises: number;
        falls: number;
        categoryChanges: number;
        deletions: number;
        concessions: number;
      };
      /** Each change in words, largest price moves first, at most `limit`. */
      lines: string[];
      more: number;
    };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function describe(change: VisitChange): string {
  const month = monthLabel(change.period.slice(0, 7));
  switch (change.change) {
    case "price_change":
      return `${change.name}: ${formatPence(change.oldPence ?? 0)} → ${formatPence(change.newPence ?? 0)} (${month})`;
    case "category_change":
      return `${change.name}: category ${change.oldCategory ?? "none"} → ${change.newCategory ?? "none"} (${month})`;
    case "deletion":
      return `${change.name}: no longer listed (${month})`;
    default:
      return `${change.name}: concession ${formatPence(change.newPence ?? 0)} (${month})`;
  }
}

const size = (change: VisitChange) =>
  change.change === "price_change" ? Math.abs((change.newPence ?? 0) - (change.oldPence ?? 0)) : -1;

/** What changed for a list's packs since the last visit: counts by kind and the changes in words. */
export function summariseVisit(lastVisit: string | null, changes: VisitChange[], limit = 5): VisitSummary {
  if (lastVisit === null) return { kind: "first" };
  const counts = { rises: 0, falls: 0, categoryChanges: 0, deletions: 0, concessions: 0 };
  for (const change of changes) {
    if (change.change === "price_change") {
      if ((change.newPence ?? 0) > (change.oldPence ?? 0)) counts.rises += 1;
      else counts.falls += 1;
    } else if (change.change === "category_change") counts.categoryChanges += 1;
    else if (change.change === "deletion") counts.deletions += 1;
    else counts.concessions += 1;
  }
  // Deletions first (the pack can no longer be dispensed at a tariff price), then the largest moves.
  const ordered = [...changes].sort(
    (a, b) =>
      Number(b.change === "deletion") - Number(a.change === "deletion") ||
      size(b) - size(a) ||
      a.name.localeCompare(b.name),
  );
  return {
    kind: "since",
    lastVisit,
    counts,
    lines: ordered.slice(0, limit).map(describe),
    more: Math.max(0, ordered.length - limit),
  };
}

/** The summary's counts in one sentence: "2 price rises, 1 fall and 1 new concession." */
export function countsSentence(counts: Extract<VisitSummary, { kind: "since" }>["counts"]): string {
  const parts = [
    counts.rises && plural(counts.rises, "price rise", "price rises"),
    counts.falls && plural(counts.falls, "price fall", "price falls"),
    counts.categoryChanges && plural(counts.categoryChanges, "category change", "category changes"),
    counts.deletions && plural(counts.deletions, "pack no longer listed", "packs no longer listed"),
    counts.concessions && plural(counts.concessions, "concession", "concessions"),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return "Nothing has changed for these packs.";
  const last = parts.pop()!;
  return `${parts.length ? `${parts.join(", ")} and ${last}` : last}.`;
}
