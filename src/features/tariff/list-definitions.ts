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

import { brandedPackQuery, dmdSource, type BrandedPack } from "./branded-packs";
import {
  datasetReader,
  listReader,
  mapLazily,
  type ListHit,
  type ListParts,
  type ListReader,
} from "./list-reading";
import type { ListId } from "./lists";
import { monthReimbursement, type MonthPack } from "./reimbursement-queries";
import { categoryLabel, packLine, percent, productLink, yesNo } from "./row-format";

/**
 * A medicine list's rows with what each pack is expected to be reimbursed that month (ADR 120): the
 * concession price where one was granted, which replaces the basic price, and the reimbursement per
 * pack after the deduction in force, with its reason in a few words.
 */
function withReimbursement(
  reader: ListReader,
  edition: Edition,
  packOf: (row: DataRow) => MonthPack,
): ListReader {
  return {
    ...reader,
    rows: async (period, query) => {
      const [rows, reimbursementOf] = await Promise.all([
        reader.rows(period, query),
        monthReimbursement("drug", edition, period.slice(0, 7)),
      ]);
      return mapLazily(rows, (row) => {
        const expected = reimbursementOf(packOf(row));
        return {
          ...row,
          concessionPrice: expected.concessionPence,
          reimbursement: expected.perPackPence,
          reimbursementRate: expected.rateBp,
        };
      });
    },
  };
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
    const reader = datasetReader({
      source: { part: "viiia", edition },
      table: t,
      name: t.medicine,
      codes: [t.vmppSnomedCode, t.vmpSnomedCode],
      filters: { category: t.category },
      order: [t.medicine, t.packSize],
      toRow: (r) => ({
        ...medicinePack(r),
        category: r.category,
        basicPrice: r.basicPricePence,
        ...net(r),
        vmpSnomedCode: r.vmpSnomedCode,
        vmppSnomedCode: r.vmppSnomedCode,
      }),
      toHit: (r) => medicineHit(r, categoryLabel("Category", r.category), "/drug-info"),
    });
    return withReimbursement(reader, edition, (row) => ({
      code: row.vmppSnomedCode as string | null,
      category: row.category as string,
      pricePence: row.basicPrice as number,
      packSize: row.packSize as number,
      unit: row.unitOfMeasure as string | null,
    }));
  },

  partviiib: () => {
    const t = partViiibPrices;
    return datasetReader({
      source: { part: "viiib", edition: 1 },
      table: t,
      name: t.medicine,
      codes: [t.minimumQuantityVmppSnomedCode, t.additionalUnitVmppSnomedCode, t.vmpSnomedCode],
      filters: { formulation: t.formulations },
      order: [t.medicine],
      toRow: (r) => ({
        medicine: r.medicine,
        formulations: r.formulations,
        unitOfMeasure: r.unitOfMeasure,
        minimumQuantity: r.minimumQuantity,
        minimumQuantityPrice: r.minimumQuantityPricePence,
        additionalUnitPrice: r.additionalUnitPricePence,
        specialContainer: yesNo(r.specialContainer),
        discountRate: percent(r.discountRateBp),
        netMinimumQuantityPrice: r.netMinimumQuantityPricePence,
        vmpSnomedCode: r.vmpSnomedCode,
      }),
      toHit: (r) => ({
        name: r.medicine,
        pack: packLine(r.minimumQuantity, r.unitOfMeasure),
        category: null,
        code: r.vmpSnomedCode,
        href: null,
        pricePence: r.minimumQuantityPricePence,
        netPricePence: r.netMinimumQuantityPricePence,
      }),
    });
  },

  partviiid: () => {
    const t = partViiidPrices;
    return datasetReader({
      source: { part: "viiid", edition: 1 },
      table: t,
      name: t.medicine,
      codes: [t.vmppSnomedCode, t.vmpSnomedCode],
      filters: { formulation: t.formulations },
      order: [t.medicine, t.packSize],
      toRow: (r) => ({
        medicine: r.medicine,
        formulations: r.formulations,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        basicPrice: r.basicPricePence,
        specialContainer: yesNo(r.specialContainer),
        ...net(r),
        vmppSnomedCode: r.vmppSnomedCode,
      }),
      toHit: (r) => medicineHit(r, null, null),
    });
  },

  catm: () => {
    const t = categoryMPrices;
    return datasetReader({
      source: { part: "cat-m", edition: 1 },
      table: t,
      name: t.medicine,
      codes: [t.vmppSnomedCode],
      order: [t.medicine, t.packSize],
      toRow: (r) => ({
        ...medicinePack(r),
        basicPrice: r.basicPricePence,
        ...net(r),
        vmppSnomedCode: r.vmppSnomedCode,
      }),
      toHit: (r) => medicineHit(r, "Category M", "/drug-info"),
    });
  },

  partix: (edition) => {
    const t = partIxPrices;
    const href = (r: typeof t.$inferSelect) =>
      productLink("/appliance-info", r.packSnomedCode ?? r.productSnomedCode);
    return datasetReader({
      source: { part: "ix", edition },
      table: t,
      name: t.ampName,
      codes: [t.packSnomedCode, t.productSnomedCode, t.gtin, t.packOrderNumber, t.productOrderNumber],
      filters: { part: t.part, supplier: t.supplierName },
      order: [t.ampName, t.id],
      toRow: (r) => ({
        ampName: r.ampName ?? r.vmpName,
        part: r.part,
        supplierName: r.supplierName,
        vmpName: r.vmpName,
        colour: r.colour,
        sizeOrWeight: r.sizeOrWeight,
        quantity: r.quantity,
        quantityUnitOfMeasure: r.quantityUnitOfMeasure,
        price: r.pricePence,
        ...net(r),
        productOrderNumber: r.productOrderNumber,
        packOrderNumber: r.packOrderNumber,
        addDispensingIndicator: r.addDispensingIndicator,
        packSnomedCode: r.packSnomedCode,
        // The product's code only where the pack has none: the table links the row by it.
        ...(r.packSnomedCode ? {} : { productSnomedCode: r.productSnomedCode }),
        gtin: r.gtin,
        bnfCode: r.bnfCode,
      }),
      toHit: (r) => ({
        name: (r.ampName ?? r.vmpName) || "",
        pack: packLine(r.quantity, r.quantityUnitOfMeasure, r.sizeOrWeight),
        category: categoryLabel("Part", r.part),
        code: r.packSnomedCode,
        href: href(r),
        pricePence: r.pricePence,
        netPricePence: r.netPricePence,
      }),
    });
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
        edition,
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

  "broken-bulk": (edition) => flaggedBrands(edition, brandedPacks.brokenBulk),
  "dental-formulary": (edition) => flaggedBrands(edition, brandedPacks.dentalFormulary),
  discontinued: (edition) => flaggedBrands(edition, brandedPacks.discontinued),
  "nurse-formulary": (edition) => flaggedBrands(edition, brandedPacks.nurseFormulary),
  "special-containers": (edition) => flaggedBrands(edition, brandedPacks.specialContainer),

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

  brands: (edition) =>
    brandedList(
      edition,
      { filters: { supplier: brandedPacks.supplier } },
      {
        toRow: brandRow,
        toHit: (r) => ({
          name: r.name,
          pack: packLine(r.packSize, r.unitOfMeasure),
          category: categoryLabel("Category", r.drugTariffCategory),
          code: r.amppSnomedCode,
          href: productLink("/brand-info", r.amppSnomedCode),
          pricePence: r.nhsIndicativePricePence,
          netPricePence: r.netPricePence,
        }),
      },
    ),

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

type Priced = { discountRateBp: number | null; netPricePence: number | null };

/** The deduction and the net price; the table explains the net price from them (`list-row-values.ts`). */
const net = (r: Priced) => ({
  discountRate: percent(r.discountRateBp),
  netPrice: r.netPricePence,
});

type Medicine = Priced & {
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

/** A Part VIIIA-like medicine as a search result, linked to its pack's page where the list has one. */
const medicineHit = (r: Medicine, category: string | null, page: "/drug-info" | null): ListHit => ({
  name: r.medicine,
  pack: packLine(r.packSize, r.unitOfMeasure),
  category,
  code: r.vmppSnomedCode,
  href: page && productLink(page, r.vmppSnomedCode),
  pricePence: r.basicPricePence,
  netPricePence: r.netPricePence,
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

/** A list of branded packs: dm+d's release in force, read with the edition's deductions. */
function brandedList(
  edition: Edition,
  options: Parameters<typeof brandedPackQuery>[1],
  show: Pick<ListParts<BrandedPack>, "toRow" | "toHit">,
): ListReader {
  return listReader({ ...brandedPackQuery(edition, options), ...show });
}

/** The reimbursement lists that are the branded packs dm+d flags (broken bulk, the formularies, …). */
const flaggedBrands = (edition: Edition, flag: AnyPgColumn) =>
  brandedList(
    edition,
    { only: eq(flag, true), filters: { supplier: brandedPacks.supplier } },
    { toRow: brandRow },
  );

/** A branded pack as the branded lists' row. */
function brandRow(r: BrandedPack) {
  return {
    name: r.name,
    supplier: r.supplier,
    packSize: r.packSize,
    unitOfMeasure: r.unitOfMeasure,
    nhsIndicativePrice: r.nhsIndicativePricePence,
    drugTariffCategory: r.drugTariffCategory,
    ...net(r),
    priceDate: r.priceDate,
    priceBasis: r.priceBasis,
    discontinuedDate: r.discontinuedDate,
    amppSnomedCode: r.amppSnomedCode,
  };
}
