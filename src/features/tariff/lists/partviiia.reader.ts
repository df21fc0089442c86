import "server-only";

import { partViiiaPrices } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import type { ListReader } from "../list-reading";
import { categoryLabel } from "../row-format";
import { concessionAndNet, medicineHit, medicinePack, medicinePackOf, pricedDataset } from "./priced.reader";

/** How Part VIIIA (Part I) is read for an edition: each edition publishes its own. */
export function partviiiaReader(edition: Edition): ListReader {
  const t = partViiiaPrices;
  return pricedDataset(
    {
      source: { part: "viiia", edition },
      table: t,
      name: t.medicine,
      codes: [t.vmppSnomedCode, t.vmpSnomedCode],
      filters: { category: t.category },
      order: [t.medicine, t.packSize],
    },
    {
      edition,
      pack: (r) => medicinePackOf(r, r.category),
      toRow: (r, money) => ({
        ...medicinePack(r),
        category: r.category,
        basicPrice: r.basicPricePence,
        ...concessionAndNet(money),
        vmpSnomedCode: r.vmpSnomedCode,
        vmppSnomedCode: r.vmppSnomedCode,
      }),
      toHit: (r, money) => medicineHit(r, money, categoryLabel("Category", r.category), "/drug-info"),
    },
  );
}
