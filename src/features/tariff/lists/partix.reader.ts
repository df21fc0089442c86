import "server-only";

import { partIxPrices } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import type { ListReader } from "../list-reading";
import { categoryLabel, packLine, productLink } from "../row-format";
import { net, pricedDataset } from "./priced.reader";

/** How Part IX (Parts II & III) is read for an edition: each edition publishes its own. */
export function partixReader(edition: Edition): ListReader {
  const t = partIxPrices;
  const href = (r: typeof t.$inferSelect) =>
    productLink("/appliance-info", r.packSnomedCode ?? r.productSnomedCode);
  return pricedDataset(
    {
      source: { part: "ix", edition },
      table: t,
      name: t.ampName,
      codes: [t.packSnomedCode, t.productSnomedCode, t.gtin, t.packOrderNumber, t.productOrderNumber],
      filters: { part: t.part, supplier: t.supplierName },
      order: [t.ampName, t.id],
    },
    {
      edition,
      pack: (r) => ({
        kind: "appliance",
        codes: [r.packSnomedCode, r.productSnomedCode],
        category: r.part,
        pricePence: r.pricePence,
        packSize: r.quantity,
        unit: r.quantityUnitOfMeasure,
      }),
      toRow: (r, money) => ({
        ampName: r.ampName ?? r.vmpName,
        part: r.part,
        supplierName: r.supplierName,
        vmpName: r.vmpName,
        colour: r.colour,
        sizeOrWeight: r.sizeOrWeight,
        quantity: r.quantity,
        quantityUnitOfMeasure: r.quantityUnitOfMeasure,
        price: r.pricePence,
        ...net(money),
        productOrderNumber: r.productOrderNumber,
        packOrderNumber: r.packOrderNumber,
        addDispensingIndicator: r.addDispensingIndicator,
        packSnomedCode: r.packSnomedCode,
        // The product's code only where the pack has none: the table links the row by it.
        ...(r.packSnomedCode ? {} : { productSnomedCode: r.productSnomedCode }),
        gtin: r.gtin,
        bnfCode: r.bnfCode,
      }),
      toHit: (r, money) => ({
        name: (r.ampName ?? r.vmpName) || "",
        pack: packLine(r.quantity, r.quantityUnitOfMeasure, r.sizeOrWeight),
        category: categoryLabel("Part", r.part),
        code: r.packSnomedCode,
        href: href(r),
        pricePence: r.pricePence,
        netPricePence: money?.perPackPence ?? null,
        concessionPence: null,
      }),
    },
  );
}
