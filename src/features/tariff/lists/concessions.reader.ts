import "server-only";

import { concessions } from "@/db/schema";

import { datasetReader, type ListReader } from "../list-reading";
import { packLine, productLink } from "../row-format";

/** How the price concessions are read: England & Wales' concessions, for either edition. */
export function concessionsReader(): ListReader {
  const t = concessions;
  return datasetReader({
    source: { part: "concessions", edition: 1 },
    table: t,
    name: t.drug,
    codes: [t.vmppSnomedCode],
    order: [t.drug, t.packSize],
    toRow: (r) => ({
      drug: r.drug,
      packSize: r.packSize,
      tariffPrice: r.tariffPricePence,
      price: r.pricePence,
      uplift: r.upliftPence,
      vmppSnomedCode: r.vmppSnomedCode,
    }),
    toHit: (r) => ({
      name: r.drug,
      pack: packLine(r.packSize),
      category: null,
      code: r.vmppSnomedCode,
      href: productLink("/drug-info", r.vmppSnomedCode),
      pricePence: r.tariffPricePence,
      netPricePence: null,
      concessionPence: r.pricePence,
    }),
  });
}
