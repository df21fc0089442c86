import { sql } from "drizzle-orm";

import type { Transaction } from "@/db/client";
import { tariffChanges } from "@/db/schema";
import { applyConcessionDiscounts } from "@/features/tariff/discounts";
import { periodToDate, type Edition, type PartId, type Period } from "@/lib/tariff-vocabulary";

import { hasChanges, neighbours, recomputeChanges } from "./changes";
import { concessionPeriodsWithoutTariff, matchConcessions } from "./concession-matching";

export type Refreshed = {
  /** Concession lines that matched no Part VIIIA pack, for review. */
  unmatchedConcessions: string[];
};

/**
 * England & Wales' Discount Not Deducted list is the dm+d packs flagged DND (docs/data-formats.md): it
 * is written with each release, as the `zero-discount` dataset of the same period.
 */
async function deriveDiscountNotDeducted(
  tx: Transaction,
  edition: Edition,
  period: Period,
  importId: number,
  hash: string,
) {
  const at = periodToDate(period);
  await tx.execute(sql`delete from zero_discount where edition = ${edition} and period = ${at}::date`);
  const inserted = await tx.execute(sql`
    insert into zero_discount (edition, period, drug_name, pack_size, unit_of_measure, vmpp_snomed_code, ampp_snomed_code, notes)
    select edition, period, name, trim_scale(pack_size)::text, unit_of_measure, vmpp_snomed_code, ampp_snomed_code,
      discount_not_deducted_type
    from branded_packs where edition = ${edition} and period = ${at}::date and discount_not_deducted`);
  await tx.execute(sql`
    insert into tariff_datasets (edition, part, period, content_sha256, rows, import_id)
    values (${edition}, 'zero-discount', ${at}::date, ${`dmd:${hash}`}, ${inserted.rowCount ?? 0}, ${importId})
    on conflict (edition, part, period) do update set content_sha256 = excluded.content_sha256,
      rows = excluded.rows, import_id = excluded.import_id, imported_at = now()`);
}

/** The tables `refreshDerivedData` writes for an import of `part`, besides the part's own. */
export function derivedTablesOf(part: PartId) {
  return hasChanges(part) ? [tariffChanges] : [];
}

/**
 * Recomputes everything derived from the periods an import replaced, in the import's transaction:
 * concession matches and uplifts (and the net prices they decide), England & Wales' Discount Not
 * Deducted list, and the changes into each period and out of it (the next loaded period compares
 * against this one).
 */
export async function refreshDerivedData(
  tx: Transaction,
  change: {
    part: PartId;
    edition: Edition;
    periods: Period[];
    importId: number;
    hashes: Map<Period, string>;
  },
): Promise<Refreshed> {
  const { part, edition, periods } = change;
  let unmatchedConcessions: string[] = [];

  if (part === "concessions") {
    unmatchedConcessions = (await matchConcessions(tx, periods)).unmatched;
    await applyConcessionDiscounts(tx, periods);
  } else if (part === "viiia" && edition === 1) {
    const affected = [...new Set([...periods, ...(await concessionPeriodsWithoutTariff(tx))])];
    await matchConcessions(tx, affected);
  }

  // Lines got their discounts as they were inserted; Part VIIIA's also depend on the month's
  // concessions, matched just above, and Northern Ireland's Part I follows England's concessions.
  if (part === "viiia" && edition === 1) await applyConcessionDiscounts(tx, periods);
  if (part === "dmd") {
    for (const period of periods) {
      await deriveDiscountNotDeducted(tx, edition, period, change.importId, change.hashes.get(period)!);
    }
  }

  if (hasChanges(part)) {
    const toRecompute = new Set(periods);
    for (const period of periods) {
      const { next } = await neighbours(tx, edition, part, period);
      if (next) toRecompute.add(next);
    }
    for (const period of [...toRecompute].sort()) await recomputeChanges(tx, edition, part, period);
  }
  return { unmatchedConcessions };
}
