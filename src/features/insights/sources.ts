import type { PartId } from "@/lib/tariff-vocabulary";

/** The insights pages, and the part and kinds of change each reads from `tariff_changes`. */
export type InsightKind =
  "additions-deletions" | "price-changes-viiia" | "price-changes-catm" | "category-changes";

export type ChangeKind = "addition" | "deletion" | "price_change" | "category_change";

/** Additions & Deletions reads the part the user chose (`insightPart`); this is its default. */
export const insightSources: Record<InsightKind, { part: PartId; changes: ChangeKind[] }> = {
  "additions-deletions": { part: "viiia", changes: ["addition", "deletion"] },
  "price-changes-viiia": { part: "viiia", changes: ["price_change"] },
  "price-changes-catm": { part: "cat-m", changes: ["price_change"] },
  "category-changes": { part: "viiia", changes: ["category_change"] },
};

/** The changes of one period, counted the ways the pages chart them. */
export type PeriodCounts = {
  /** `YYYY-MM` */
  period: string;
  additions: number;
  deletions: number;
  increases: number;
  decreases: number;
  categoryChanges: number;
  total: number;
};

export type ChangeRow = {
  id: number;
  change: ChangeKind;
  code: string | null;
  pairedCode: string | null;
  name: string;
  packSize: number | null;
  unitOfMeasure: string | null;
  oldPricePence: number | null;
  newPricePence: number | null;
  priceChangePence: number | null;
  priceChangePercent: number | null;
  oldCategory: string | null;
  newCategory: string | null;
};
