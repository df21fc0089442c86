import "server-only";

import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { DataRow } from "@/components/data-table/format";
import { getDb } from "@/db/client";
import {
  blacklist,
  borderlineSubstances,
  brandedPacks,
  categoryMPrices,
  concessions,
  partIxNames,
  partIxPrices,
  partViiiaPrices,
  partViiibPrices,
  partViiidPrices,
  tariffDatasets,
  zeroDiscount,
} from "@/db/schema";
import { ratesInForce } from "@/features/insights/discounts";
import { formatPounds, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import type { ListId } from "./lists";
import { matchCode, matchTerm } from "./matcher";

/** What a list's rows are narrowed by: the URL's `searchTerm` and the part's drop-downs. */
export type ListQuery = { searchTerm?: string; filters?: Record<string, string | undefined> };

/**
 * Where a list's data comes from for an edition: the imported part whose periods it follows, and
 * the edition whose rows it shows. Lists only England & Wales publishes (and the UK-wide dm+d and
 * concessions) show England & Wales' rows to everyone.
 */
export function listSource(id: ListId, edition: Edition): { part: PartId; edition: Edition } {
  switch (id) {
    case "partviiia":
      return { part: "viiia", edition };
    case "partix":
      return { part: "ix", edition };
    case "blacklist":
      return { part: "blacklist", edition };
    case "partviiib":
      return { part: "viiib", edition: 1 };
    case "partviiid":
      return { part: "viiid", edition: 1 };
    case "catm":
      return { part: "cat-m", edition: 1 };
    case "concessions":
      return { part: "concessions", edition: 1 };
    case "acbs":
      return edition === 2 ? { part: "borderline", edition } : { part: "dmd", edition: 1 };
    case "zero-discount":
      return edition === 2 ? { part: "zero-discount", edition } : { part: "dmd", edition: 1 };
    default:
      return { part: "dmd", edition: 1 };
  }
}

/** The periods loaded for a list (first days of months, `YYYY-MM-DD`), newest first. */
export async function listPeriods(id: ListId, edition: Edition): Promise<string[]> {
  const source = listSource(id, edition);
  const rows = await getDb()
    .select({ period: tariffDatasets.period })
    .from(tariffDatasets)
    .where(and(eq(tariffDatasets.edition, source.edition), eq(tariffDatasets.part, source.part)))
    .orderBy(desc(tariffDatasets.period));
  return rows.map((row) => row.period);
}

/** The rows of one loaded (edition, period), with any further conditions. */
function inDataset(
  table: { edition: AnyPgColumn; period: AnyPgColumn },
  edition: Edition,
  period: string,
  ...conditions: (SQL | undefined)[]
): SQL | undefined {
  return and(eq(table.edition, edition), eq(table.period, period), ...conditions);
}

/**
 * The search's condition and its ranking (exact codes first, then the best names), ahead of the
 * list's own order; nothing when there is no term.
 */
function search(name: AnyPgColumn, term: string | undefined, codes: AnyPgColumn[] = []) {
  const match = matchTerm(name, term, codes);
  return { where: match?.where, order: match?.order ?? [] };
}

function equals(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  return value ? eq(column, value) : undefined;
}

const percent = (bp: number | null) => (bp === null ? null : bp / 100);
const link = (prefix: string, code: string | null) => (code ? `${prefix}/${encodeURIComponent(code)}` : null);

function netHint(rateBp: number | null, net: number | null, basis: string): string | null {
  if (rateBp === null || net === null) return null;
  return `${(rateBp / 100).toFixed(2)}% discount deducted from the ${basis}: ${formatPounds(net / 100)}`;
}

const monthLabel = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const dayLabel = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** The rows of a list for one loaded period of its source, narrowed by the query. */
export async function listRows(
  id: ListId,
  edition: Edition,
  period: string,
  query: ListQuery = {},
): Promise<DataRow[]> {
  const db = getDb();
  const source = listSource(id, edition);
  const f = query.filters ?? {};
  const term = query.searchTerm;
  const tariffMonth = monthLabel.format(new Date(period));

  switch (id) {
    case "partviiia": {
      const t = partViiiaPrices;
      const s = search(t.medicine, term, [t.vmppSnomedCode, t.vmpSnomedCode]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, source.edition, period, s.where, equals(t.category, f.category)))
        .orderBy(...s.order, asc(t.medicine), asc(t.packSize));
      return rows.map((r) => ({
        medicine: r.medicine,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        category: r.category,
        basicPrice: r.basicPricePence,
        discountRate: percent(r.discountRateBp),
        netPrice: r.netPricePence,
        netHint: netHint(r.discountRateBp, r.netPricePence, `${tariffMonth} basic price`),
        vmpSnomedCode: r.vmpSnomedCode,
        vmppSnomedCode: r.vmppSnomedCode,
        href: link("/drug-info", r.vmppSnomedCode),
      }));
    }
    case "partviiib": {
      const t = partViiibPrices;
      const s = search(t.medicine, term, [
        t.minimumQuantityVmppSnomedCode,
        t.additionalUnitVmppSnomedCode,
        t.vmpSnomedCode,
      ]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, source.edition, period, s.where, equals(t.formulations, f.formulation)))
        .orderBy(...s.order, asc(t.medicine));
      return rows.map((r) => ({
        medicine: r.medicine,
        formulations: r.formulations,
        unitOfMeasure: r.unitOfMeasure,
        minimumQuantity: r.minimumQuantity,
        minimumQuantityPrice: r.minimumQuantityPricePence,
        additionalUnitPrice: r.additionalUnitPricePence,
        specialContainer: r.specialContainer ? "Yes" : "No",
        discountRate: percent(r.discountRateBp),
        netMinimumQuantityPrice: r.netMinimumQuantityPricePence,
        vmpSnomedCode: r.vmpSnomedCode,
      }));
    }
    case "partviiid": {
      const t = partViiidPrices;
      const s = search(t.medicine, term, [t.vmppSnomedCode, t.vmpSnomedCode]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, source.edition, period, s.where, equals(t.formulations, f.formulation)))
        .orderBy(...s.order, asc(t.medicine), asc(t.packSize));
      return rows.map((r) => ({
        medicine: r.medicine,
        formulations: r.formulations,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        basicPrice: r.basicPricePence,
        specialContainer: r.specialContainer ? "Yes" : "No",
        discountRate: percent(r.discountRateBp),
        netPrice: r.netPricePence,
        netHint: netHint(r.discountRateBp, r.netPricePence, `${tariffMonth} basic price`),
        vmppSnomedCode: r.vmppSnomedCode,
      }));
    }
    case "catm": {
      const t = categoryMPrices;
      const s = search(t.medicine, term, [t.vmppSnomedCode]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, source.edition, period, s.where))
        .orderBy(...s.order, asc(t.medicine), asc(t.packSize));
      return rows.map((r) => ({
        medicine: r.medicine,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        basicPrice: r.basicPricePence,
        discountRate: percent(r.discountRateBp),
        netPrice: r.netPricePence,
        netHint: netHint(r.discountRateBp, r.netPricePence, `Category M price from ${tariffMonth}`),
        vmppSnomedCode: r.vmppSnomedCode,
        href: link("/drug-info", r.vmppSnomedCode),
      }));
    }
    case "partix": {
      const t = partIxPrices;
      const codes = [t.packSnomedCode, t.productSnomedCode, t.gtin, t.packOrderNumber, t.productOrderNumber];
      // Match the distinct names through their trigram index, then take those names' rows for the month.
      const names = matchTerm(partIxNames.name, term);
      const ranked = matchTerm(t.ampName, term, codes);
      const byName = names
        ? or(
            matchCode(term, codes),
            inArray(t.ampName, db.select({ name: partIxNames.name }).from(partIxNames).where(names.where)),
          )
        : undefined;
      const rows = await db
        .select()
        .from(t)
        .where(
          inDataset(
            t,
            source.edition,
            period,
            byName,
            equals(t.part, f.part),
            equals(t.supplierName, f.supplier),
          ),
        )
        .orderBy(...(ranked?.order ?? []), asc(t.ampName), asc(t.id));
      return rows.map((r) => ({
        ampName: r.ampName ?? r.vmpName,
        part: r.part,
        supplierName: r.supplierName,
        vmpName: r.vmpName,
        colour: r.colour,
        sizeOrWeight: r.sizeOrWeight,
        quantity: r.quantity,
        quantityUnitOfMeasure: r.quantityUnitOfMeasure,
        price: r.pricePence,
        discountRate: percent(r.discountRateBp),
        netPrice: r.netPricePence,
        netHint: netHint(r.discountRateBp, r.netPricePence, `${tariffMonth} price`),
        productOrderNumber: r.productOrderNumber,
        packOrderNumber: r.packOrderNumber,
        addDispensingIndicator: r.addDispensingIndicator,
        packSnomedCode: r.packSnomedCode,
        gtin: r.gtin,
        bnfCode: r.bnfCode,
        href: link("/appliance-info", r.packSnomedCode ?? r.productSnomedCode),
      }));
    }
    case "acbs": {
      if (edition === 2) {
        const t = borderlineSubstances;
        const s = search(t.product, term, [t.amppSnomedCode]);
        const rows = await db
          .select()
          .from(t)
          .where(inDataset(t, 2, period, s.where))
          .orderBy(...s.order, asc(t.product));
        return rows.map((r) => ({
          product: r.product,
          supplier: r.supplier,
          packSize: r.packSize,
          unitOfMeasure: r.unitOfMeasure,
          price: r.pricePence,
          conditions: r.conditions,
          amppSnomedCode: r.amppSnomedCode,
          href: link("/brand-info", r.amppSnomedCode),
        }));
      }
      const rows = await brandedRows(period, brandFlag(id), query, edition);
      return rows.map((r) => ({
        product: r.name,
        supplier: r.supplier,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        price: r.nhsIndicativePrice,
        conditions: null,
        amppSnomedCode: r.amppSnomedCode,
        href: r.href,
      }));
    }
    case "blacklist": {
      const t = blacklist;
      const s = search(t.medicine, term, [t.snomedCode]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, source.edition, period, s.where, equals(t.category, f.category)))
        .orderBy(...s.order, asc(t.medicine));
      return rows.map((r) => ({
        medicine: r.medicine,
        supplier: r.supplier,
        category: r.category,
        notes: r.notes,
        snomedCode: r.snomedCode,
      }));
    }
    case "zero-discount": {
      const t = zeroDiscount;
      const s = search(t.drugName, term, [t.vmppSnomedCode, t.amppSnomedCode]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, source.edition, period, s.where))
        .orderBy(...s.order, asc(t.drugName));
      return rows.map((r) => ({
        drugName: r.drugName,
        packSize: r.packSize,
        unitOfMeasure: r.unitOfMeasure,
        notes: r.notes,
        code: r.amppSnomedCode ?? r.vmppSnomedCode,
        href: r.amppSnomedCode ? link("/brand-info", r.amppSnomedCode) : link("/drug-info", r.vmppSnomedCode),
      }));
    }
    case "broken-bulk":
    case "dental-formulary":
    case "discontinued":
    case "nurse-formulary":
    case "special-containers":
    case "brands":
      return brandedRows(period, brandFlag(id), query, edition);
    case "concessions": {
      const t = concessions;
      const s = search(t.drug, term, [t.vmppSnomedCode]);
      const rows = await db
        .select()
        .from(t)
        .where(inDataset(t, 1, period, s.where))
        .orderBy(...s.order, asc(t.drug), asc(t.packSize));
      return rows.map((r) => ({
        drug: r.drug,
        packSize: r.packSize,
        tariffPrice: r.tariffPricePence,
        price: r.pricePence,
        uplift: r.upliftPence,
        vmppSnomedCode: r.vmppSnomedCode,
        href: link("/drug-info", r.vmppSnomedCode),
      }));
    }
  }
}

/** The dm+d flag behind each reimbursement list drawn from branded packs (none: every pack). */
function brandFlag(id: ListId): SQL | undefined {
  const flags: Partial<Record<ListId, AnyPgColumn>> = {
    acbs: brandedPacks.acbs,
    "broken-bulk": brandedPacks.brokenBulk,
    "dental-formulary": brandedPacks.dentalFormulary,
    discontinued: brandedPacks.discontinued,
    "nurse-formulary": brandedPacks.nurseFormulary,
    "special-containers": brandedPacks.specialContainer,
  };
  const flag = flags[id];
  return flag ? eq(flag, true) : undefined;
}

/**
 * Branded packs of one dm+d release, optionally only those with a flag. dm+d is UK-wide and is
 * stored once with England & Wales' deductions; a Northern Ireland user sees Northern Ireland's.
 */
async function brandedRows(period: string, flag: SQL | undefined, query: ListQuery, edition: Edition) {
  const t = brandedPacks;
  const s = search(t.name, query.searchTerm, [
    t.amppSnomedCode,
    t.gtin,
    t.vmppSnomedCode,
    t.ampSnomedCode,
    t.vmpSnomedCode,
  ]);
  const [rows, northernIreland] = await Promise.all([
    getDb()
      .select()
      .from(t)
      .where(inDataset(t, 1, period, flag, s.where, equals(t.supplier, query.filters?.supplier)))
      .orderBy(...s.order, asc(t.name)),
    edition === 2 ? niBrandDeductions(period) : null,
  ]);
  return rows.map((r) => {
    const rateBp = northernIreland ? northernIreland.rateOf(r) : r.discountRateBp;
    const price = r.nhsIndicativePricePence;
    const net = !northernIreland
      ? r.netPricePence
      : price === null || rateBp === null
        ? null
        : netPence(price, rateBp);
    return {
      name: r.name,
      supplier: r.supplier,
      packSize: r.packSize,
      unitOfMeasure: r.unitOfMeasure,
      nhsIndicativePrice: r.nhsIndicativePricePence,
      drugTariffCategory: r.drugTariffCategory,
      discountRate: percent(rateBp),
      netPrice: net,
      netHint: netHint(
        rateBp,
        net,
        r.priceDate
          ? `NHS indicative price of ${dayLabel.format(new Date(r.priceDate))}`
          : "NHS indicative price",
      ),
      priceDate: r.priceDate,
      priceBasis: r.priceBasis,
      discontinuedDate: r.discontinuedDate,
      amppSnomedCode: r.amppSnomedCode,
      href: link("/brand-info", r.amppSnomedCode),
    };
  });
}

/** Price after a deduction, rounded to the penny as the import rounds it. */
const netPence = (pence: number, rateBp: number) => Math.round((pence * (10000 - rateBp)) / 10000);

/**
 * Northern Ireland's deduction for a branded pack in a month (DATA-FORMATS §5.2): none for a pack on
 * Northern Ireland's Zero Discount List in force that month (the latest release on or before it),
 * the appliance rate for Part IX packs, and the brand rate otherwise; each rate as it stood that
 * month. A group with no rate yet leaves the net price empty rather than guess.
 */
async function niBrandDeductions(period: string) {
  const db = getDb();
  const [rates, zero] = await Promise.all([
    ratesInForce(db, 2, period),
    db
      .select({ vmpp: zeroDiscount.vmppSnomedCode, ampp: zeroDiscount.amppSnomedCode })
      .from(zeroDiscount)
      .where(
        and(
          eq(zeroDiscount.edition, 2),
          eq(
            zeroDiscount.period,
            sql`(select max(z.period) from zero_discount z where z.edition = 2 and z.period <= ${period}::date)`,
          ),
        ),
      ),
  ]);
  const exempt = new Set(zero.flatMap((row) => [row.vmpp, row.ampp]).filter((code) => code !== null));
  return {
    rateOf(pack: {
      amppSnomedCode: string;
      vmppSnomedCode: string | null;
      drugTariffCategory: string | null;
    }) {
      const group =
        exempt.has(pack.amppSnomedCode) || (pack.vmppSnomedCode !== null && exempt.has(pack.vmppSnomedCode))
          ? "dnd"
          : /^Parts? IX/.test(pack.drugTariffCategory ?? "")
            ? "appliance"
            : "brand";
      return rates.get(group) ?? null;
    },
  };
}

/** The values each of a list's drop-downs offers for a period, sorted. */
export async function listFilterOptions(
  id: ListId,
  edition: Edition,
  period: string,
): Promise<Record<string, string[]>> {
  const source = listSource(id, edition);
  const distinct = async (
    column: AnyPgColumn,
    table: typeof partViiiaPrices | DistinctTable,
    extra?: SQL,
  ) => {
    const rows = await getDb()
      .selectDistinct({ value: column })
      .from(table)
      .where(inDataset(table, source.edition, period, extra))
      .orderBy(asc(column));
    return rows
      .map((row): unknown => row.value)
      .filter((value): value is string => typeof value === "string" && value !== "");
  };
  switch (id) {
    case "partviiia":
      return { category: await distinct(partViiiaPrices.category, partViiiaPrices) };
    case "partviiib":
      return { formulation: await distinct(partViiibPrices.formulations, partViiibPrices) };
    case "partviiid":
      return { formulation: await distinct(partViiidPrices.formulations, partViiidPrices) };
    case "partix":
      return {
        part: await distinct(partIxPrices.part, partIxPrices),
        supplier: await distinct(partIxPrices.supplierName, partIxPrices),
      };
    case "blacklist":
      return { category: await distinct(blacklist.category, blacklist) };
    case "broken-bulk":
    case "dental-formulary":
    case "discontinued":
    case "nurse-formulary":
    case "special-containers":
    case "brands":
      return { supplier: await distinct(brandedPacks.supplier, brandedPacks, brandFlag(id)) };
    default:
      return {};
  }
}

type DistinctTable =
  | typeof partViiibPrices
  | typeof partViiidPrices
  | typeof partIxPrices
  | typeof blacklist
  | typeof brandedPacks;
