import "server-only";

import { brandedPacks } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import { brandedPackQuery } from "../branded-packs";
import type { ListReader } from "../list-reading";
import { categoryLabel, packLine, productLink } from "../row-format";
import { brandRow } from "./flagged-brands.reader";
import { net, pricedReader } from "./priced.reader";

/** How the branded packs are read: dm+d is UK-wide, and each edition's reader sees its own deductions of the same list prices. */
export function brandsReader(edition: Edition): ListReader {
  return pricedReader(brandedPackQuery({ filters: { supplier: brandedPacks.supplier } }), {
    edition,
    pack: (r) =>
      r.nhsIndicativePricePence === null
        ? null
        : {
            kind: "brand",
            codes: [r.amppSnomedCode, r.vmppSnomedCode],
            category: r.drugTariffCategory,
            pricePence: r.nhsIndicativePricePence,
            packSize: r.packSize,
            unit: r.unitOfMeasure,
          },
    toRow: (r, money) => ({ ...brandRow(r), ...net(money) }),
    toHit: (r, money) => ({
      name: r.name,
      pack: packLine(r.packSize, r.unitOfMeasure),
      category: categoryLabel("Category", r.drugTariffCategory),
      code: r.amppSnomedCode,
      href: productLink("/brand-info", r.amppSnomedCode),
      pricePence: r.nhsIndicativePricePence,
      netPricePence: money?.perPackPence ?? null,
      concessionPence: null,
    }),
  });
}
