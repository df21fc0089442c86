import "server-only";

import { categoryMPrices } from "@/db/schema";

import type { ListReader } from "../list-reading";
import { concessionAndNet, medicineHit, medicinePack, medicinePackOf, pricedDataset } from "./priced.reader";

/**
 * How Category M is read: England & Wales' list, for either edition. Its packs are Part VIIIA packs:
 * priced, conceded and deducted as Part VIIIA prices them.
 */
export function catmReader(): ListReader {
  const t = categoryMPrices;
  return pricedDataset(
    {
      source: { part: "cat-m", edition: 1 },
      table: t,
      name: t.medicine,
      codes: [t.vmppSnomedCode],
      order: [t.medicine, t.packSize],
    },
    {
      edition: 1,
      pack: (r) => medicinePackOf(r, "M"),
      toRow: (r, money) => ({
        ...medicinePack(r),
        basicPrice: r.basicPricePence,
        ...concessionAndNet(money),
        vmppSnomedCode: r.vmppSnomedCode,
      }),
      toHit: (r, money) => medicineHit(r, money, "Category M", "/drug-info"),
    },
  );
}
