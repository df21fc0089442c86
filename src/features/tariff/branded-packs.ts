import "server-only";

import { and, eq, sql, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { brandedPacks, zeroDiscount } from "@/db/schema";
import { ratesInForce } from "@/features/insights/discounts";
import type { Edition } from "@/lib/tariff-vocabulary";

import { datasetQuery, type ListQuery, type ListSource } from "./list-reading";
import { netPence, rateGroupOf } from "./reimbursement";

/** A branded pack as a list shows it: its deduction and net price are the reader's edition's. */
export type BrandedPack = typeof brandedPacks.$inferSelect;

const t = brandedPacks;

/** dm+d is UK-wide and stored once, as England & Wales' release. */
export const dmdSource: ListSource = { part: "dmd", edition: 1 };

/**
 * Branded packs of one dm+d release, optionally only those with a flag. dm+d is stored once with
 * England & Wales' deductions; a Northern Ireland user sees Northern Ireland's.
 */
export function brandedPackQuery(
  edition: Edition,
  options: { only?: SQL; filters?: Record<string, typeof t.supplier> },
) {
  const query = datasetQuery({
    source: dmdSource,
    table: t,
    name: t.name,
    codes: [t.amppSnomedCode, t.gtin, t.vmppSnomedCode, t.ampSnomedCode, t.vmpSnomedCode],
    order: [t.name],
    ...options,
  });
  /** The packs with the edition's deductions: as imported for England & Wales, Northern Ireland's worked out. */
  async function withDeductions(period: string, packs: BrandedPack[]): Promise<BrandedPack[]> {
    if (edition === 1 || packs.length === 0) return packs;
    const northernIreland = await niBrandDeductions(period);
    return packs.map((pack) => {
      const rateBp = northernIreland.rateOf(pack);
      const price = pack.nhsIndicativePricePence;
      const net = price === null || rateBp === null ? null : netPence(price, rateBp);
      return { ...pack, discountRateBp: rateBp, netPricePence: net };
    });
  }
  return {
    source: query.source,
    filterOptions: query.filterOptions,
    termMatch: query.termMatch,
    read: async (period: string, listQuery: ListQuery) =>
      withDeductions(period, await query.read(period, listQuery)),
    async first(period: string, listQuery: ListQuery, limit: number) {
      const { records, total } = await query.first(period, listQuery, limit);
      return { records: await withDeductions(period, records), total };
    },
  };
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

/**
 * Northern Ireland's deduction for a branded pack in a month (docs/data-formats.md): none for a pack on
 * Northern Ireland's Zero Discount List in force that month (the latest release on or before it),
 * the appliance rate for Part IX packs, and the brand rate otherwise; each rate as it stood that
 * month. A group with no rate yet leaves the net price empty rather than guess.
 */
async function niBrandDeductions(period: string) {
  const [rates, exempt] = await Promise.all([ratesInForce(getDb(), 2, period), zeroDiscountCodes(2, period)]);
  return {
    rateOf(pack: BrandedPack) {
      const zero =
        exempt.has(pack.amppSnomedCode) || (pack.vmppSnomedCode !== null && exempt.has(pack.vmppSnomedCode));
      const group = rateGroupOf({
        kind: "brand",
        category: pack.drugTariffCategory,
        zeroDiscount: zero,
        onConcession: false,
      });
      return rates.get(group) ?? null;
    },
  };
}
