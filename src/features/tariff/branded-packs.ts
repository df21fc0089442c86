import "server-only";

import { and, eq, sql, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { brandedPacks, zeroDiscount } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import { datasetQuery, type ListSource } from "./list-reading";

/** A branded pack as dm+d's release stores it. */
export type BrandedPack = typeof brandedPacks.$inferSelect;

const t = brandedPacks;

/** dm+d is UK-wide and stored once, as England & Wales' release. */
export const dmdSource: ListSource = { part: "dmd", edition: 1 };

/** Branded packs of one dm+d release, optionally only those with a flag. dm+d is stored once, for the UK. */
export function brandedPackQuery(options: { only?: SQL; filters?: Record<string, typeof t.supplier> }) {
  return datasetQuery({
    source: dmdSource,
    table: t,
    name: t.name,
    codes: [t.amppSnomedCode, t.gtin, t.vmppSnomedCode, t.ampSnomedCode, t.vmpSnomedCode],
    order: [t.name],
    ...options,
  });
}

/** The period of an edition's Zero Discount / Discount Not Deducted release in force in a month: the latest on or before it. */
export const zeroDiscountReleaseInForce = (edition: Edition | SQL, period: string | SQL) =>
  sql`(select max(z.period) from zero_discount z where z.edition = ${edition} and z.period <= ${period}::date)`;

/** The codes (VMPP and AMPP) on an edition's Zero Discount / Discount Not Deducted list in force in a month. */
export async function zeroDiscountCodes(edition: Edition, period: string): Promise<Set<string>> {
  const rows = await getDb()
    .select({ vmpp: zeroDiscount.vmppSnomedCode, ampp: zeroDiscount.amppSnomedCode })
    .from(zeroDiscount)
    .where(
      and(
        eq(zeroDiscount.edition, edition),
        eq(zeroDiscount.period, zeroDiscountReleaseInForce(edition, period)),
      ),
    );
  return new Set(rows.flatMap((row) => [row.vmpp, row.ampp]).filter((code) => code !== null));
}
