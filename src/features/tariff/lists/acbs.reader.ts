import "server-only";

import { eq } from "drizzle-orm";

import { borderlineSubstances, brandedPacks } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import type { BrandedPack } from "../branded-packs";
import { datasetReader, type ListHit, type ListReader } from "../list-reading";
import { packLine, productLink } from "../row-format";
import { brandedList } from "./flagged-brands.reader";

/**
 * How the borderline substances are read for an edition: Northern Ireland publishes its own;
 * England & Wales' are dm+d's ACBS packs.
 */
export function acbsReader(edition: Edition): ListReader {
  if (edition === 1) {
    const asBorderline = (r: BrandedPack): Borderline => ({
      ...r,
      product: r.name,
      pricePence: r.nhsIndicativePricePence,
      conditions: null,
    });
    return brandedList(
      { only: eq(brandedPacks.acbs, true) },
      {
        toRow: (r) => borderline.toRow(asBorderline(r)),
        toHit: (r) => borderline.toHit(asBorderline(r)),
      },
    );
  }
  const t = borderlineSubstances;
  return datasetReader({
    source: { part: "borderline", edition },
    table: t,
    name: t.product,
    codes: [t.amppSnomedCode],
    order: [t.product],
    ...borderline,
  });
}

type Borderline = {
  product: string;
  supplier: string | null;
  packSize: number | null;
  unitOfMeasure: string | null;
  pricePence: number | null;
  conditions: string | null;
  amppSnomedCode: string | null;
};

/** A borderline substance's row and search result, whichever edition's list it comes from. */
const borderline = {
  toRow: (r: Borderline) => ({
    product: r.product,
    supplier: r.supplier,
    packSize: r.packSize,
    unitOfMeasure: r.unitOfMeasure,
    price: r.pricePence,
    conditions: r.conditions,
    amppSnomedCode: r.amppSnomedCode,
  }),
  toHit: (r: Borderline): ListHit => ({
    name: r.product,
    pack: packLine(r.packSize, r.unitOfMeasure),
    category: null,
    code: r.amppSnomedCode,
    href: productLink("/brand-info", r.amppSnomedCode),
    pricePence: r.pricePence,
    netPricePence: null,
  }),
};
