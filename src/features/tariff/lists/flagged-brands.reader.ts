import "server-only";

import { eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { brandedPacks } from "@/db/schema";

import { brandedPackQuery, type BrandedPack } from "../branded-packs";
import { listReader, type ListParts, type ListReader } from "../list-reading";

/** A list of branded packs: dm+d's release in force. */
export function brandedList(
  options: Parameters<typeof brandedPackQuery>[0],
  show: Pick<ListParts<BrandedPack>, "toRow" | "toHit">,
): ListReader {
  return listReader({ ...brandedPackQuery(options), ...show });
}

/** The reimbursement lists that are the branded packs dm+d flags (broken bulk, the formularies, …). */
export const flaggedBrands = (flag: AnyPgColumn) =>
  brandedList({ only: eq(flag, true), filters: { supplier: brandedPacks.supplier } }, { toRow: brandRow });

/** A branded pack as the branded lists' row. */
export function brandRow(r: BrandedPack) {
  return {
    name: r.name,
    supplier: r.supplier,
    packSize: r.packSize,
    unitOfMeasure: r.unitOfMeasure,
    nhsIndicativePrice: r.nhsIndicativePricePence,
    drugTariffCategory: r.drugTariffCategory,
    priceDate: r.priceDate,
    priceBasis: r.priceBasis,
    discontinuedDate: r.discontinuedDate,
    amppSnomedCode: r.amppSnomedCode,
  };
}
