import "server-only";

import { zeroDiscount } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import { dmdSource } from "../branded-packs";
import { datasetReader, type ListReader } from "../list-reading";
import { productLink } from "../row-format";

/**
 * How Discount Not Deducted (the Zero Discount List) is read for an edition: Northern Ireland
 * publishes a Zero Discount List; England & Wales' is kept with each dm+d release.
 */
export function zeroDiscountReader(edition: Edition): ListReader {
  const t = zeroDiscount;
  return datasetReader({
    source: edition === 2 ? { part: "zero-discount", edition } : dmdSource,
    table: t,
    name: t.drugName,
    codes: [t.vmppSnomedCode, t.amppSnomedCode],
    order: [t.drugName],
    toRow: (r) => ({
      drugName: r.drugName,
      packSize: r.packSize,
      unitOfMeasure: r.unitOfMeasure,
      notes: r.notes,
      code: r.amppSnomedCode ?? r.vmppSnomedCode,
      href: r.amppSnomedCode
        ? productLink("/brand-info", r.amppSnomedCode)
        : productLink("/drug-info", r.vmppSnomedCode),
    }),
  });
}
