import "server-only";

import type { DataRow } from "@/components/data-table/format";
import type { Edition } from "@/lib/tariff-vocabulary";

import {
  datasetQuery,
  eachOf,
  mapLazily,
  type DatasetList,
  type DatasetTable,
  type ListHit,
  type ListParts,
  type ListQuery,
  type ListReader,
} from "../list-reading";
import type { PackMoney } from "../reimbursement";
import { monthPricing, type MonthPack, type MonthPricing } from "../reimbursement-queries";
import { packLine, percent, productLink } from "../row-format";

/** How a list's records are priced: each record's pack, then its row and search result made with its money. */
export type Pricing<R> = {
  /** The edition whose rates, lists and concessions apply. */
  edition: Edition;
  pack(record: R): MonthPack | null;
  toRow(record: R, money: PackMoney | null): DataRow;
  toHit?(record: R, money: PackMoney | null): ListHit;
};

/**
 * A list whose rows carry money, priced by the one pricing model (`monthPricing`, product §3.2) for
 * the month shown: the concession that replaces a Part VIIIA price, the deduction that applies and
 * the net price. No list prices a pack itself, so every list, the search, the product pages and the
 * exports agree on a pack's money.
 */
export function pricedReader<R>(
  query: Pick<ListParts<R>, "source" | "read" | "first" | "termMatch" | "filterOptions">,
  pricing: Pricing<R>,
): ListReader {
  const priceIn = (period: string, listQuery: ListQuery) =>
    monthPricing(pricing.edition, listQuery.month ?? period.slice(0, 7));
  const moneyOf = (month: MonthPricing, record: R) => {
    const pack = pricing.pack(record);
    return pack ? month.money(pack) : null;
  };
  const { toHit } = pricing;
  return {
    source: query.source,
    filterOptions: query.filterOptions ?? (async () => ({})),
    termMatch: query.termMatch,
    rows: async (period, listQuery) => {
      const month = await priceIn(period, listQuery);
      return mapLazily(eachOf(query.read(period, listQuery)), (record) =>
        pricing.toRow(record, moneyOf(month, record)),
      );
    },
    search:
      toHit &&
      (async (period, listQuery, limit) => {
        const [{ records, total }, month] = await Promise.all([
          query.first(period, listQuery, limit),
          priceIn(period, listQuery),
        ]);
        return { hits: records.map((record) => toHit(record, moneyOf(month, record))), total };
      }),
  };
}

/** A priced list read from one table. */
export function pricedDataset<T extends DatasetTable>(
  list: DatasetList<T>,
  pricing: Pricing<T["$inferSelect"]>,
): ListReader {
  return pricedReader(datasetQuery(list), pricing);
}

/** The deduction that applies and the net price; the table explains the net price from them (`made-values.ts`). */
export const net = (money: PackMoney | null) => ({
  discountRate: percent(money?.rateBp ?? null),
  netPrice: money?.perPackPence ?? null,
});

/** A Part VIIIA pack's concession beside its deduction and net price: the net price is paid on the concession. */
export const concessionAndNet = (money: PackMoney | null) => ({
  concessionPrice: money?.concessionPence ?? null,
  ...net(money),
});

/** A Part VIIIA-like medicine's record: Part VIIIA, Part VIIID and Category M. */
type Medicine = {
  medicine: string;
  packSize: number;
  unitOfMeasure: string | null;
  vmppSnomedCode: string | null;
  basicPricePence: number;
};

export const medicinePack = (r: Medicine) => ({
  medicine: r.medicine,
  packSize: r.packSize,
  unitOfMeasure: r.unitOfMeasure,
});

/** A Part VIIIA-like medicine as the pricing model takes it. */
export const medicinePackOf = (r: Medicine, category: string | null): MonthPack => ({
  kind: "drug",
  codes: [r.vmppSnomedCode],
  category,
  pricePence: r.basicPricePence,
  packSize: r.packSize,
  unit: r.unitOfMeasure,
});

/** A Part VIIIA-like medicine as a search result, linked to its pack's page where the list has one. */
export const medicineHit = (
  r: Medicine,
  money: PackMoney | null,
  category: string | null,
  page: "/drug-info" | null,
): ListHit => ({
  name: r.medicine,
  pack: packLine(r.packSize, r.unitOfMeasure),
  category,
  code: r.vmppSnomedCode,
  href: page && productLink(page, r.vmppSnomedCode),
  pricePence: r.basicPricePence,
  netPricePence: money?.perPackPence ?? null,
  concessionPence: money?.concessionPence ?? null,
});
