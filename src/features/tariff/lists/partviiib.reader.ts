import "server-only";

import { partViiibPrices } from "@/db/schema";

import type { ListReader } from "../list-reading";
import { packLine, percent, yesNo } from "../row-format";
import { pricedDataset } from "./priced.reader";

/** How Part VIIIB is read: England & Wales' list, for either edition. */
export function partviiibReader(): ListReader {
  const t = partViiibPrices;
  return pricedDataset(
    {
      source: { part: "viiib", edition: 1 },
      table: t,
      name: t.medicine,
      codes: [t.minimumQuantityVmppSnomedCode, t.additionalUnitVmppSnomedCode, t.vmpSnomedCode],
      filters: { formulation: t.formulations },
      order: [t.medicine],
    },
    {
      edition: 1,
      pack: (r) => ({
        kind: "special",
        codes: [r.minimumQuantityVmppSnomedCode, r.vmpSnomedCode],
        category: null,
        pricePence: r.minimumQuantityPricePence,
        packSize: r.minimumQuantity,
        unit: r.unitOfMeasure,
      }),
      toRow: (r, money) => ({
        medicine: r.medicine,
        formulations: r.formulations,
        unitOfMeasure: r.unitOfMeasure,
        minimumQuantity: r.minimumQuantity,
        minimumQuantityPrice: r.minimumQuantityPricePence,
        additionalUnitPrice: r.additionalUnitPricePence,
        specialContainer: yesNo(r.specialContainer),
        discountRate: percent(money?.rateBp ?? null),
        netMinimumQuantityPrice: money?.perPackPence ?? null,
        vmpSnomedCode: r.vmpSnomedCode,
      }),
      toHit: (r, money) => ({
        name: r.medicine,
        pack: packLine(r.minimumQuantity, r.unitOfMeasure),
        category: null,
        code: r.vmpSnomedCode,
        href: null,
        pricePence: r.minimumQuantityPricePence,
        netPricePence: money?.perPackPence ?? null,
        concessionPence: null,
      }),
    },
  );
}
