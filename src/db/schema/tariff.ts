import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  type ExtraConfigColumn,
} from "drizzle-orm/pg-core";

/**
 * Drug Tariff prices, one table per part. Every row carries its edition (1 England & Wales,
 * 2 Northern Ireland, as `profiles.country`) and period (the first day of the month it applies to);
 * `tariff_datasets` says which (edition, part, period) sets are loaded. Money is integer pence;
 * SNOMED CT and GTIN codes are text (they exceed JavaScript's safe integers and keep leading zeros).
 * Northern Ireland's parts share the England & Wales tables they mirror: Part I → part_viiia_prices,
 * Parts II & III → part_ix_prices, Part XI → blacklist (docs/data-formats.md).
 */
const dataset = () => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  edition: smallint("edition").notNull(),
  period: date("period", { mode: "string" }).notNull(),
});

/** Pack sizes can be decimals (4.5, 22.5 in Part VIIIA). */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: "number" });

/** The deduction applied to a line (basis points: 2000 = 20%) and the price after it. */
const discount = () => ({
  discountRateBp: integer("discount_rate_bp"),
  netPricePence: integer("net_price_pence"),
});

/**
 * The checks of a dataset table and its index by (edition, period). A large searched table extends
 * that index by its name column: the search finds the matching names in `tariff_names` and reads the
 * month's rows by name from it (ADR 097).
 */
const datasetChecks = (
  name: string,
  table: { edition: ExtraConfigColumn; period: ExtraConfigColumn },
  searchedName?: ExtraConfigColumn,
) => [
  check(`${name}_edition_known`, sql`${table.edition} in (1, 2)`),
  check(`${name}_period_first_of_month`, sql`extract(day from ${table.period}) = 1`),
  searchedName
    ? index(`${name}_name_idx`).on(table.edition, table.period, searchedName)
    : index(`${name}_edition_period_idx`).on(table.edition, table.period),
];

/**
 * A pack's lines by its code, edition and month: a product page, a watchlist and the editions'
 * comparison read one pack's line of a month, many packs at a time. Keyed by the code alone, a month
 * just imported (not yet in the planner's statistics) led the planner to read the whole month per pack.
 */
const codeIndex = (
  name: string,
  code: ExtraConfigColumn,
  table: { edition: ExtraConfigColumn; period: ExtraConfigColumn },
) => index(name).on(code, table.edition, table.period);

/** Part VIIIA (NI: Part I). The category is data, not an enum: Category H arrived in March 2026. */
export const partViiiaPrices = pgTable(
  "part_viiia_prices",
  {
    ...dataset(),
    medicine: text("medicine").notNull(),
    packSize: quantity("pack_size").notNull(),
    unitOfMeasure: text("unit_of_measure"),
    vmpSnomedCode: text("vmp_snomed_code"),
    vmppSnomedCode: text("vmpp_snomed_code"),
    category: text("category").notNull(),
    basicPricePence: integer("basic_price_pence").notNull(),
    ...discount(),
  },
  (table) => [
    ...datasetChecks("part_viiia_prices", table, table.medicine),
    codeIndex("part_viiia_prices_vmpp_idx", table.vmppSnomedCode, table),
  ],
);

/** The Category M price list (quarterly, with off-cycle updates). */
export const categoryMPrices = pgTable(
  "category_m_prices",
  {
    ...dataset(),
    quarter: smallint("quarter"),
    vmppSnomedCode: text("vmpp_snomed_code").notNull(),
    medicine: text("medicine").notNull(),
    packSize: quantity("pack_size").notNull(),
    unitOfMeasure: text("unit_of_measure"),
    basicPricePence: integer("basic_price_pence").notNull(),
    ...discount(),
  },
  (table) => datasetChecks("category_m_prices", table),
);

/**
 * Part VIIIB specials: one row per product, its minimum-quantity row and its per-additional-unit
 * row paired (products in a special container have no additional-unit price).
 */
export const partViiibPrices = pgTable(
  "part_viiib_prices",
  {
    ...dataset(),
    vmpSnomedCode: text("vmp_snomed_code"),
    medicine: text("medicine").notNull(),
    unitOfMeasure: text("unit_of_measure"),
    formulations: text("formulations"),
    specialContainer: boolean("special_container").notNull(),
    minimumQuantityVmppSnomedCode: text("minimum_quantity_vmpp_snomed_code"),
    minimumQuantity: quantity("minimum_quantity").notNull(),
    minimumQuantityPricePence: integer("minimum_quantity_price_pence").notNull(),
    additionalUnitVmppSnomedCode: text("additional_unit_vmpp_snomed_code"),
    additionalUnitQuantity: quantity("additional_unit_quantity"),
    additionalUnitPricePence: integer("additional_unit_price_pence"),
    discountRateBp: integer("discount_rate_bp"),
    netMinimumQuantityPricePence: integer("net_minimum_quantity_price_pence"),
    netAdditionalUnitPricePence: integer("net_additional_unit_price_pence"),
  },
  (table) => datasetChecks("part_viiib_prices", table),
);

/** Part VIIID specials. The VMPP is not unique: one VMPP can have several formulations. */
export const partViiidPrices = pgTable(
  "part_viiid_prices",
  {
    ...dataset(),
    vmpSnomedCode: text("vmp_snomed_code"),
    vmppSnomedCode: text("vmpp_snomed_code"),
    medicine: text("medicine").notNull(),
    packSize: quantity("pack_size").notNull(),
    unitOfMeasure: text("unit_of_measure"),
    formulations: text("formulations"),
    specialContainer: boolean("special_container").notNull(),
    basicPricePence: integer("basic_price_pence").notNull(),
    ...discount(),
  },
  (table) => datasetChecks("part_viiid_prices", table),
);

/**
 * Part IX appliances (NI: Parts II & III). Rows without a pack code (generic "Generic Supplier"
 * lines, which also have no AMP name) are kept.
 */
export const partIxPrices = pgTable(
  "part_ix_prices",
  {
    ...dataset(),
    part: text("part").notNull(),
    supplierName: text("supplier_name"),
    vmpName: text("vmp_name"),
    ampName: text("amp_name"),
    colour: text("colour"),
    sizeOrWeight: text("size_or_weight"),
    quantity: quantity("quantity"),
    quantityUnitOfMeasure: text("quantity_unit_of_measure"),
    productOrderNumber: text("product_order_number"),
    packOrderNumber: text("pack_order_number"),
    pricePence: integer("price_pence").notNull(),
    addDispensingIndicator: text("add_dispensing_indicator"),
    productSnomedCode: text("product_snomed_code"),
    packSnomedCode: text("pack_snomed_code"),
    gtin: text("gtin"),
    supplierSnomedCode: text("supplier_snomed_code"),
    bnfCode: text("bnf_code"),
    ...discount(),
  },
  (table) => [
    ...datasetChecks("part_ix_prices", table, table.ampName),
    // A search term may be any of a pack's codes: each is looked up by its index, not by reading the month.
    codeIndex("part_ix_prices_pack_idx", table.packSnomedCode, table),
    index("part_ix_prices_product_idx").on(table.productSnomedCode),
    index("part_ix_prices_gtin_idx").on(table.gtin),
    index("part_ix_prices_pack_order_idx").on(table.packOrderNumber),
    index("part_ix_prices_product_order_idx").on(table.productOrderNumber),
  ],
);

/**
 * Every name ever loaded into a searched column, once per table (`source`), with the trigram index
 * the search matches: a term is matched against these few distinct names, not against every month's
 * copies of them, and the month's rows are then read by name (ADR 097). Kept by a trigger on each
 * table (migration 0015), so every way rows arrive adds their names.
 */
export const tariffNames = pgTable(
  "tariff_names",
  { source: text("source").notNull(), name: text("name").notNull() },
  (table) => [
    primaryKey({ columns: [table.source, table.name] }),
    // Few names arrive per import: straight into the index, so a search never reads a pending list.
    index("tariff_names_name_trgm_idx")
      .using("gin", table.name.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

/**
 * Monthly price concessions (Community Pharmacy England). Matched to a Part VIIIA pack by name and
 * pack size; `vmpp_snomed_code` is null for a line that matched nothing, kept for review.
 * Northern Ireland applies England's concessions, so they are stored once, as edition 1.
 */
export const concessions = pgTable(
  "concessions",
  {
    ...dataset(),
    drug: text("drug").notNull(),
    packSize: text("pack_size").notNull(),
    pricePence: integer("price_pence").notNull(),
    vmppSnomedCode: text("vmpp_snomed_code"),
    tariffPricePence: integer("tariff_price_pence"),
    upliftPence: integer("uplift_pence"),
    ...discount(),
  },
  (table) => [
    ...datasetChecks("concessions", table),
    codeIndex("concessions_vmpp_idx", table.vmppSnomedCode, table),
  ],
);

/** Branded packs (dm+d AMPPs) with the NHS indicative price and the flags behind the reimbursement lists. */
export const brandedPacks = pgTable(
  "branded_packs",
  {
    ...dataset(),
    amppSnomedCode: text("ampp_snomed_code").notNull(),
    name: text("name").notNull(),
    ampSnomedCode: text("amp_snomed_code"),
    ampName: text("amp_name"),
    supplier: text("supplier"),
    vmppSnomedCode: text("vmpp_snomed_code"),
    vmppName: text("vmpp_name"),
    vmpSnomedCode: text("vmp_snomed_code"),
    vmpName: text("vmp_name"),
    packSize: quantity("pack_size"),
    unitOfMeasure: text("unit_of_measure"),
    subpack: text("subpack"),
    legalCategory: text("legal_category"),
    gtin: text("gtin"),
    nhsIndicativePricePence: integer("nhs_indicative_price_pence"),
    priceDate: date("price_date", { mode: "string" }),
    previousPricePence: integer("previous_price_pence"),
    priceBasis: text("price_basis"),
    drugTariffCategory: text("drug_tariff_category"),
    drugTariffPricePence: integer("drug_tariff_price_pence"),
    discountNotDeducted: boolean("discount_not_deducted").notNull(),
    discountNotDeductedType: text("discount_not_deducted_type"),
    brokenBulk: boolean("broken_bulk").notNull(),
    specialContainer: boolean("special_container").notNull(),
    acbs: boolean("acbs").notNull(),
    dentalFormulary: boolean("dental_formulary").notNull(),
    nurseFormulary: boolean("nurse_formulary").notNull(),
    discontinued: boolean("discontinued").notNull(),
    discontinuedDate: date("discontinued_date", { mode: "string" }),
    ...discount(),
  },
  (table) => [
    ...datasetChecks("branded_packs", table, table.name),
    codeIndex("branded_packs_ampp_idx", table.amppSnomedCode, table),
  ],
);

/** Part XVIIIA (NI: Part XI): products that may not be prescribed. Our own CSV format (docs/data-formats.md). */
export const blacklist = pgTable(
  "blacklist",
  {
    ...dataset(),
    medicine: text("medicine").notNull(),
    supplier: text("supplier"),
    category: text("category"),
    snomedCode: text("snomed_code"),
    notes: text("notes"),
  },
  (table) => datasetChecks("blacklist", table),
);

/**
 * Items paid without a discount deduction: England & Wales' Discount Not Deducted list, derived from
 * the dm+d DND flag, and Northern Ireland's Zero Discount List, from its CSV.
 */
export const zeroDiscount = pgTable(
  "zero_discount",
  {
    ...dataset(),
    drugName: text("drug_name").notNull(),
    packSize: text("pack_size"),
    unitOfMeasure: text("unit_of_measure"),
    vmppSnomedCode: text("vmpp_snomed_code"),
    amppSnomedCode: text("ampp_snomed_code"),
    notes: text("notes"),
  },
  (table) => datasetChecks("zero_discount", table),
);

/** Northern Ireland Part X, Borderline Substances (England & Wales reads the dm+d ACBS flag). */
export const borderlineSubstances = pgTable(
  "borderline_substances",
  {
    ...dataset(),
    product: text("product").notNull(),
    packSize: quantity("pack_size"),
    unitOfMeasure: text("unit_of_measure"),
    amppSnomedCode: text("ampp_snomed_code"),
    supplier: text("supplier"),
    pricePence: integer("price_pence"),
    conditions: text("conditions"),
    ...discount(),
  },
  (table) => datasetChecks("borderline_substances", table),
);

/**
 * Discount deduction rates as dated data per edition and group (generic, appliance, brand,
 * category-h, dnd, concession). A line uses the latest rate whose `valid_from` is on or before its
 * period; with none, its net price is left empty rather than guessed.
 */
export const discountRates = pgTable(
  "discount_rates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    edition: smallint("edition").notNull(),
    rateGroup: text("rate_group").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    rateBp: integer("rate_bp").notNull(),
    confirmed: boolean("confirmed").notNull().default(true),
    source: text("source"),
  },
  (table) => [
    check("discount_rates_edition_known", sql`${table.edition} in (1, 2)`),
    check("discount_rates_rate_range", sql`${table.rateBp} between 0 and 10000`),
    uniqueIndex("discount_rates_group_from_idx").on(table.edition, table.rateGroup, table.validFrom),
  ],
);

export type DatasetTable =
  | typeof partViiiaPrices
  | typeof categoryMPrices
  | typeof partViiibPrices
  | typeof partViiidPrices
  | typeof partIxPrices
  | typeof concessions
  | typeof brandedPacks
  | typeof blacklist
  | typeof zeroDiscount
  | typeof borderlineSubstances;
