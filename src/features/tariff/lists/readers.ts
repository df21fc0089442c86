import "server-only";

import { eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import {
  blacklist,
  borderlineSubstances,
  brandedPacks,
  categoryMPrices,
  concessions,
  partIxPrices,
  partViiiaPrices,
  partViiibPrices,
  partViiidPrices,
  zeroDiscount,
} from "@/db/schema";
import type { DataRow } from "@/components/data-table/format";
import type { Edition } from "@/lib/tariff-vocabulary";

import { brandedPackQuery, dmdSource, type BrandedPack } from "../branded-packs";
import {
  datasetQuery,
  datasetReader,
  eachOf,
  listReader,
  mapLazily,
  type DatasetList,
  type DatasetTable,
  type ListHit,
  type ListParts,
  type ListQuery,
  type ListReader,
} from "../list-reading";
import type { ListId } from ".";
import type { PackMoney } from "../reimbursement";
import { monthPricing, type MonthPack, type MonthPricing } from "../reimbursement-queries";
import { categoryLabel, packLine, percent, productLink, yesNo } from "../row-format";

/** How a list's records are priced: each record's pack, then its row and search result made with its money. */
type Pricing<R> = {
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
function pricedReader<R>(
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
function pricedDataset<T extends DatasetTable>(
  list: DatasetList<T>,
  pricing: Pricing<T["$inferSelect"]>,
): ListReader {
  return pricedReader(datasetQuery(list), pricing);
}

/**
 * Every list's reading, one entry per list of `lists.ts` (ADR 095): for an edition, where its rows
 * come from, the query that reads its records, the mapper that makes a record the table's row and,
 * for the parts the global search reads, the mapper that makes it a search result. The list page,
 * its rows route and the global search all read a list through here.
 */
const listDefinitions: Record<ListId, (edition: Edition) => ListReader> = {
  partviiia: (edition) => {
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
  },

  partviiib: () => {
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
  },

  partviiid: () => {
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
  },

  // Category M packs are Part VIIIA packs: priced, conceded and deducted as Part VIIIA prices them.
  catm: () => {
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
  },

  partix: (edition) => {
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
  },

  // Northern Ireland publishes its own borderline substances; England & Wales' are dm+d's ACBS packs.
  acbs: (edition) => {
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
  },

  blacklist: (edition) => {
    const t = blacklist;
    return datasetReader({
      source: { part: "blacklist", edition },
      table: t,
      name: t.medicine,
      codes: [t.snomedCode],
      filters: { category: t.category },
      order: [t.medicine],
      toRow: (r) => ({
        medicine: r.medicine,
        supplier: r.supplier,
        category: r.category,
        notes: r.notes,
        snomedCode: r.snomedCode,
      }),
    });
  },

  "broken-bulk": () => flaggedBrands(brandedPacks.brokenBulk),
  "dental-formulary": () => flaggedBrands(brandedPacks.dentalFormulary),
  discontinued: () => flaggedBrands(brandedPacks.discontinued),
  "nurse-formulary": () => flaggedBrands(brandedPacks.nurseFormulary),
  "special-containers": () => flaggedBrands(brandedPacks.specialContainer),

  // Northern Ireland publishes a Zero Discount List; England & Wales' is kept with each dm+d release.
  "zero-discount": (edition) => {
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
  },

  // dm+d is UK-wide: each edition's reader sees its own deductions of the same list prices.
  brands: (edition) =>
    pricedReader(brandedPackQuery({ filters: { supplier: brandedPacks.supplier } }), {
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
    }),

  concessions: () => {
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
  },
};

/** The reading of a list in an edition. */
export function listDefinition(id: ListId, edition: Edition): ListReader {
  return listDefinitions[id](edition);
}

/** The deduction that applies and the net price; the table explains the net price from them (`list-row-values.ts`). */
const net = (money: PackMoney | null) => ({
  discountRate: percent(money?.rateBp ?? null),
  netPrice: money?.perPackPence ?? null,
});

/** A Part VIIIA pack's concession beside its deduction and net price: the net price is paid on the concession. */
const concessionAndNet = (money: PackMoney | null) => ({
  concessionPrice: money?.concessionPence ?? null,
  ...net(money),
});

type Medicine = {
  medicine: string;
  packSize: number;
  unitOfMeasure: string | null;
  vmppSnomedCode: string | null;
  basicPricePence: number;
};

const medicinePack = (r: Medicine) => ({
  medicine: r.medicine,
  packSize: r.packSize,
  unitOfMeasure: r.unitOfMeasure,
});

/** A Part VIIIA-like medicine as the pricing model takes it. */
const medicinePackOf = (r: Medicine, category: string | null): MonthPack => ({
  kind: "drug",
  codes: [r.vmppSnomedCode],
  category,
  pricePence: r.basicPricePence,
  packSize: r.packSize,
  unit: r.unitOfMeasure,
});

/** A Part VIIIA-like medicine as a search result, linked to its pack's page where the list has one. */
const medicineHit = (
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

/** A list of branded packs: dm+d's release in force. */
function brandedList(
  options: Parameters<typeof brandedPackQuery>[0],
  show: Pick<ListParts<BrandedPack>, "toRow" | "toHit">,
): ListReader {
  return listReader({ ...brandedPackQuery(options), ...show });
}

/** The reimbursement lists that are the branded packs dm+d flags (broken bulk, the formularies, …). */
const flaggedBrands = (flag: AnyPgColumn) =>
  brandedList({ only: eq(flag, true), filters: { supplier: brandedPacks.supplier } }, { toRow: brandRow });

/** A branded pack as the branded lists' row. */
function brandRow(r: BrandedPack) {
  return {
    name: r.name,
    supplier: r.supplier,
    packSize: r.packSize,
    unitOfMeasure: r.unitOfMeasure,
    nhsIndicativePrice: r.nhsIndicativePricePence,
    drugTariffCategory: r.drugTariffCategory,
    priceDate: r.priceDate,
    priceBasis: r.priceBasis,
    discontinuedDate: r.discontinuedDate,
    amppSnomedCode: r.amppSnomedCode,
  };
}
