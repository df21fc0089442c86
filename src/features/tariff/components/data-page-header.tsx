import type { ReactNode } from "react";

import type { Edition, PartId } from "@/lib/tariff-vocabulary";

/** The data a page shows, as its header says how current it is. */
type ShownData = {
  part: PartId;
  edition: Edition;
  /** `YYYY-MM`: the month the page shows. */
  shown?: string;
  /** How often the source is published: a list whose latest release stays in force is "latest". */
  cadence?: "monthly" | "latest";
  /** Whether the page shows Northern Ireland's prices (its reader's edition, or beside England's). */
  northernIreland: boolean;
};

/**
 * How current a page's data is, drawn by the feature that records the imports: each page passes it
 * in (the importer's `dataFreshness`), so the pricing model reads no import records.
 */
export type FreshnessLine = (data: ShownData) => ReactNode;

/**
 * The heading of every data page, list or insight: its title, what it is for, and how current its
 * data is (the part its rows come from, read for the reader's edition).
 */
export function DataPageHeader({
  title,
  explanation,
  source,
  shown,
  cadence,
  northernIreland = source.edition === 2,
  freshness,
  children,
}: {
  title: string;
  explanation: string;
  source: { part: PartId; edition: Edition };
  shown?: string;
  cadence?: ShownData["cadence"];
  northernIreland?: boolean;
  freshness: FreshnessLine;
  children?: ReactNode;
}) {
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-3xl text-muted-foreground">{explanation}</p>
      {children}
      {freshness({ ...source, shown, cadence, northernIreland })}
    </header>
  );
}
