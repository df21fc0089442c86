import type { ReactNode } from "react";

import { DataFreshnessLine } from "@/features/imports/components/data-freshness";
import type { PartId } from "@/lib/tariff-vocabulary";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * The heading of every data page, list or insight: its title, what it is for, and how current its
 * data is (the part its rows come from, read for the reader's edition).
 */
export function DataPageHeader({
  title,
  explanation,
  source,
  shown,
  children,
}: {
  title: string;
  explanation: string;
  source: { part: PartId; edition: Edition };
  /** `YYYY-MM`: the month the page shows, which its freshness line names. */
  shown?: string;
  children?: ReactNode;
}) {
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-3xl text-muted-foreground">{explanation}</p>
      {children}
      <DataFreshnessLine part={source.part} edition={source.edition} shown={shown} />
    </header>
  );
}
