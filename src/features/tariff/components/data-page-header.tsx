import type { ReactNode } from "react";

import { DataFreshnessLine, IllustrativeNiNotice } from "@/features/imports/components/data-freshness";
import type { PartId } from "@/lib/tariff-vocabulary";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * The heading of every data page, list or insight: its title, what it is for, and how current its
 * data is (the part its rows come from, read for the reader's edition). A page showing Northern
 * Ireland data the demo generated says it is illustrative (ADR 210).
 */
export function DataPageHeader({
  title,
  explanation,
  source,
  shown,
  cadence,
  northernIreland = source.edition === 2,
  children,
}: {
  title: string;
  explanation: string;
  source: { part: PartId; edition: Edition };
  /** `YYYY-MM`: the month the page shows, which its freshness line names. */
  shown?: string;
  /** How often the source is published: a list whose latest release stays in force is "latest". */
  cadence?: "monthly" | "latest";
  /** Whether the page shows Northern Ireland's prices (its reader's edition, or beside England's). */
  northernIreland?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-3xl text-muted-foreground">{explanation}</p>
      {children}
      {northernIreland && <IllustrativeNiNotice part={source.part} month={shown} />}
      <DataFreshnessLine part={source.part} edition={source.edition} shown={shown} cadence={cadence} />
    </header>
  );
}
