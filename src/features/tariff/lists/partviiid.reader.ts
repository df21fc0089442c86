import "server-only";

import { partViiidPrices } from "@/db/schema";

import type { ListReader } from "../list-reading";
import { yesNo } from "../row-format";
import { medicineHit, medicinePackOf, net, pricedDataset } from "./priced.reader";

/** How Part VIIID is read: England & Wales' list, for either edition. */
export function partviiidReader(): ListReader {
  const t = partViiidPrices;
  return pricedDataset(
    {
      source: { part: "viiid", edition: 1 },
      table: t,
      name: t.medicine,
      codes: [t.vmppSnomedCode, t.vmpSnomedCode],
      filters: { formulation: t.formulations },
      order: [t.medicine, t.packSize],
    },
    {
      edition: 1,
      pack: (r) => ({ ...medicinePackOf(r, null), kind: "special" }),
      toRow: (r, money) => ({
        medicine: r.medicine,
        formulations: r.formulations,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        basicPrice: r.basicPricePence,
        specialContainer: yesNo(r.specialContainer),
        ...net(money),
        vmppSnomedCode: r.vmppSnomedCode,
      }),
      toHit: (r, money) => medicineHit(r, money, null, null),
    },
  );
}
