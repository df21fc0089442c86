import type { DataColumn } from "@/components/data-table/format";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * Every price list and reimbursement list a signed-in user can open (product §2.2, §2.3, /brands and
 * /concession-prices): what it is called, what it is for, its columns and its filters. The rows
 * come from `queries.ts`; the page around them is `components/tariff-list-page.tsx`.
 */
export const listIds = [
  "partviiia",
  "partviiib",
  "partviiid",
  "catm",
  "partix",
  "acbs",
  "blacklist",
  "broken-bulk",
  "dental-formulary",
  "discontinued",
  "zero-discount",
  "nurse-formulary",
  "special-containers",
  "brands",
  "concessions",
] as const;

export type ListId = (typeof listIds)[number];

export type ListSpec = {
  id: ListId;
  path: string;
  title: string;
  niTitle?: string;
  /** One line: what the list is and how it is used in reimbursement. */
  explanation: string;
  /** The part of the file name of its CSV, e.g. `part-viiia`. */
  fileStem: string;
  columns: DataColumn[];
  /** The drop-downs it offers (column ids of the query's filterable values). */
  filters: { name: string; label: string }[];
  searchLabel: string;
  /**
   * "monthly": a month shows that month's file, or says it has none. "latest": lists published
   * less often (Category M each quarter, the dm+d flags, our CSV lists) show the release in force
   * that month, the latest one loaded on or before it.
   */
  cadence: "monthly" | "latest";
  /** Only England & Wales publishes it: Northern Ireland users see England & Wales' list, so marked. */
  ewOnly?: boolean;
};

/** A price: one of the figures a phone shows beside the name. */
const pence = (id: string, header: string): DataColumn => ({ id, header, kind: "pence", priority: "key" });
const code = (id: string, header: string): DataColumn => ({ id, header, kind: "code", priority: "detail" });
const name = (id: string, header: string, hrefKey?: string): DataColumn => ({
  id,
  header,
  hrefKey,
  priority: "name",
});
/** Pack size and its unit, read with the prices. */
const pack = (size: string, unit: string, sizeKind: "number" | "text" = "number"): DataColumn[] => [
  { id: size, header: "Pack size", kind: sizeKind, priority: "key" },
  { id: unit, header: "Unit", priority: "key" },
];

const netColumns: DataColumn[] = [
  { id: "discountRate", header: "Discount", kind: "percent", priority: "detail" },
  { id: "netPrice", header: "Net price", kind: "pence", hintKey: "netHint", priority: "key" },
];

/** A Part VIIIA pack's money: a concession replaces the basic price for its month, and the net price is paid on it. */
const conceded: DataColumn[] = [
  { id: "concessionPrice", header: "Concession", kind: "pence" },
  ...netColumns,
];

const brandColumns = (extra: DataColumn[] = []): DataColumn[] => [
  name("name", "Product", "href"),
  { id: "supplier", header: "Supplier" },
  ...pack("packSize", "unitOfMeasure"),
  pence("nhsIndicativePrice", "NHS indicative price"),
  { id: "drugTariffCategory", header: "Tariff category", priority: "detail" },
  ...extra,
  code("amppSnomedCode", "AMPP code"),
];

const specs: ListSpec[] = [
  {
    id: "partviiia",
    path: "/drug-tariff-parts/partviiia",
    title: "Part VIIIA",
    niTitle: "Part I",
    explanation:
      "The basic prices the NHS pays for generically prescribed medicines (Categories A, C, M and H): the starting point of reimbursement for most prescriptions.",
    fileStem: "part-viiia",
    columns: [
      name("medicine", "Medicine", "href"),
      ...pack("packSize", "unitOfMeasure"),
      { id: "category", header: "Category" },
      pence("basicPrice", "Basic price"),
      ...conceded,
      code("vmpSnomedCode", "VMP code"),
      code("vmppSnomedCode", "VMPP code"),
    ],
    filters: [{ name: "category", label: "Category" }],
    searchLabel: "Search medicines",
    cadence: "monthly",
  },
  {
    id: "partviiib",
    path: "/drug-tariff-parts/partviiib-specials",
    title: "Part VIIIB",
    explanation:
      "Prices for unlicensed specials: a price for the minimum quantity and a price for each unit beyond it.",
    fileStem: "part-viiib",
    columns: [
      name("medicine", "Medicine"),
      { id: "formulations", header: "Formulation" },
      { id: "unitOfMeasure", header: "Unit", priority: "key" },
      { id: "minimumQuantity", header: "Minimum quantity", kind: "number", priority: "key" },
      pence("minimumQuantityPrice", "Minimum quantity price"),
      pence("additionalUnitPrice", "Price per additional unit"),
      { id: "specialContainer", header: "Special container", priority: "detail" },
      { id: "discountRate", header: "Discount", kind: "percent", priority: "detail" },
      pence("netMinimumQuantityPrice", "Net minimum quantity price"),
      code("vmpSnomedCode", "VMP code"),
    ],
    filters: [{ name: "formulation", label: "Formulation" }],
    searchLabel: "Search specials",
    cadence: "monthly",
    ewOnly: true,
  },
  {
    id: "partviiid",
    path: "/drug-tariff-parts/partviiid-specials",
    title: "Part VIIID",
    explanation:
      "Listed prices for further specials and imported unlicensed medicines, by formulation; a pack may appear once per formulation.",
    fileStem: "part-viiid",
    columns: [
      name("medicine", "Medicine"),
      { id: "formulations", header: "Formulation" },
      ...pack("packSize", "unitOfMeasure"),
      pence("basicPrice", "Basic price"),
      { id: "specialContainer", header: "Special container", priority: "detail" },
      ...netColumns,
      code("vmppSnomedCode", "VMPP code"),
    ],
    filters: [{ name: "formulation", label: "Formulation" }],
    searchLabel: "Search specials",
    cadence: "monthly",
    ewOnly: true,
  },
  {
    id: "catm",
    path: "/drug-tariff-parts/partviii-category-m",
    title: "Category M",
    explanation:
      "Prices the Department of Health and Social Care sets each quarter for Category M medicines, used to keep pharmacies' margin at the agreed level.",
    fileStem: "category-m",
    columns: [
      name("medicine", "Medicine", "href"),
      ...pack("packSize", "unitOfMeasure"),
      pence("basicPrice", "Basic price"),
      ...conceded,
      code("vmppSnomedCode", "VMPP code"),
    ],
    filters: [],
    searchLabel: "Search medicines",
    cadence: "latest",
  },
  {
    id: "partix",
    path: "/drug-tariff-parts/partix-appliances",
    title: "Part IX",
    niTitle: "Part II & III",
    explanation:
      "Appliances, dressings, incontinence and stoma products and chemical reagents that may be prescribed, with the price paid for each pack.",
    fileStem: "part-ix",
    columns: [
      name("ampName", "Product", "href"),
      { id: "part", header: "Part" },
      { id: "supplierName", header: "Supplier" },
      { id: "vmpName", header: "Generic name", priority: "detail" },
      { id: "colour", header: "Colour", priority: "detail" },
      { id: "sizeOrWeight", header: "Size or weight", priority: "detail" },
      { id: "quantity", header: "Quantity", kind: "number", priority: "key" },
      { id: "quantityUnitOfMeasure", header: "Unit", priority: "key" },
      pence("price", "Price"),
      ...netColumns,
      { id: "productOrderNumber", header: "Product order number", priority: "detail" },
      { id: "packOrderNumber", header: "Pack order number", priority: "detail" },
      { id: "addDispensingIndicator", header: "Dispensing indicator", priority: "detail" },
      code("packSnomedCode", "Pack code"),
      code("gtin", "GTIN"),
      code("bnfCode", "BNF code"),
    ],
    filters: [
      { name: "part", label: "Part" },
      { name: "supplier", label: "Supplier" },
    ],
    searchLabel: "Search appliances",
    cadence: "monthly",
  },
  {
    id: "acbs",
    path: "/drug-tariff-parts/acbs",
    title: "Borderline Substances (Part X)",
    explanation:
      "Foods and toilet preparations the Advisory Committee on Borderline Substances approves for prescribing, for the conditions it names.",
    fileStem: "borderline-substances",
    columns: [
      name("product", "Product", "href"),
      { id: "supplier", header: "Supplier" },
      ...pack("packSize", "unitOfMeasure"),
      pence("price", "Price"),
      { id: "conditions", header: "Conditions", priority: "detail" },
      code("amppSnomedCode", "AMPP code"),
    ],
    filters: [],
    searchLabel: "Search products",
    cadence: "latest",
  },
  {
    id: "blacklist",
    path: "/reimbursement-info/partxviiia-blacklist",
    title: "Blacklisted Medicines",
    niTitle: "Part XI",
    explanation:
      "Products that may not be prescribed on the NHS (Part XVIIIA): a prescription for one is not reimbursed.",
    fileStem: "blacklist",
    columns: [
      name("medicine", "Medicine"),
      { id: "supplier", header: "Supplier" },
      { id: "category", header: "Category" },
      { id: "notes", header: "Notes", priority: "detail" },
      code("snomedCode", "SNOMED code"),
    ],
    filters: [{ name: "category", label: "Category" }],
    searchLabel: "Search medicines",
    cadence: "latest",
  },
  {
    id: "broken-bulk",
    path: "/reimbursement-info/broken-bulk",
    title: "Broken Bulk",
    explanation:
      "Packs on which broken bulk may be claimed: when only part of a pack is dispensed, the rest of the pack can be paid for if it is unlikely to be used.",
    fileStem: "broken-bulk",
    columns: brandColumns(),
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search products",
    cadence: "latest",
    ewOnly: true,
  },
  {
    id: "dental-formulary",
    path: "/reimbursement-info/dental-formulary",
    title: "Dental Formulary",
    explanation:
      "Products dentists may prescribe on the NHS (the Dental Practitioners' Formulary); other items on a dental prescription are not paid.",
    fileStem: "dental-formulary",
    columns: brandColumns(),
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search products",
    cadence: "latest",
    ewOnly: true,
  },
  {
    id: "discontinued",
    path: "/reimbursement-info/discontinued-list",
    title: "Discontinued List",
    explanation:
      "Products that are no longer available, with the date they were discontinued: check before ordering or claiming.",
    fileStem: "discontinued",
    columns: brandColumns([
      { id: "discontinuedDate", header: "Discontinued", kind: "date", priority: "key" },
    ]),
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search products",
    cadence: "latest",
    ewOnly: true,
  },
  {
    id: "zero-discount",
    path: "/reimbursement-info/zero-discount",
    title: "Discount Not Deducted",
    niTitle: "Zero Discount List",
    explanation:
      "Products paid in full: no discount deduction is taken from what the pharmacy is reimbursed for them.",
    fileStem: "zero-discount",
    columns: [
      name("drugName", "Product", "href"),
      ...pack("packSize", "unitOfMeasure", "text"),
      { id: "notes", header: "Notes", priority: "detail" },
      code("code", "SNOMED code"),
    ],
    filters: [],
    searchLabel: "Search products",
    cadence: "latest",
  },
  {
    id: "nurse-formulary",
    path: "/reimbursement-info/nurse-formulary",
    title: "Nurse Formulary",
    explanation:
      "Products community practitioner nurse prescribers may prescribe (the Nurse Prescribers' Formulary).",
    fileStem: "nurse-formulary",
    columns: brandColumns(),
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search products",
    cadence: "latest",
    ewOnly: true,
  },
  {
    id: "special-containers",
    path: "/reimbursement-info/special-containers",
    title: "Special Container List",
    explanation:
      "Packs that are dispensed and paid for whole, never split: the pack size nearest the quantity ordered is paid.",
    fileStem: "special-containers",
    columns: brandColumns(),
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search products",
    cadence: "latest",
    ewOnly: true,
  },
  {
    id: "brands",
    path: "/brands",
    title: "Branded Product Pricing",
    explanation:
      "Branded packs with their NHS indicative price and the net price after the discount deduction in force that month.",
    fileStem: "branded-products",
    columns: [
      name("name", "Product", "href"),
      { id: "supplier", header: "Supplier" },
      ...pack("packSize", "unitOfMeasure"),
      pence("nhsIndicativePrice", "NHS indicative price"),
      ...netColumns,
      { id: "priceDate", header: "Price date", kind: "date", priority: "detail" },
      { id: "priceBasis", header: "Price basis", priority: "detail" },
      code("amppSnomedCode", "AMPP code"),
    ],
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search branded products",
    cadence: "latest",
  },
  {
    id: "concessions",
    path: "/concession-prices",
    title: "Price Concessions",
    explanation:
      "Temporary higher prices the Department of Health and Social Care grants for the month when a generic cannot be bought at its Drug Tariff price.",
    fileStem: "price-concessions",
    columns: [
      name("drug", "Medicine", "href"),
      { id: "packSize", header: "Pack size", priority: "key" },
      pence("tariffPrice", "Tariff price"),
      pence("price", "Concession price"),
      pence("uplift", "Uplift"),
      code("vmppSnomedCode", "VMPP code"),
    ],
    filters: [],
    searchLabel: "Search medicines",
    cadence: "monthly",
  },
];

export const lists: Record<ListId, ListSpec> = Object.fromEntries(
  specs.map((spec) => [spec.id, spec]),
) as Record<ListId, ListSpec>;

/** Whether a value from a URL names one of the lists. */
export function isListId(value: string): value is ListId {
  return (listIds as readonly string[]).includes(value);
}

/** Whether a list shows the discount deduction, and so needs the key to its Discount column. */
export function hasDiscountColumn(spec: ListSpec): boolean {
  return spec.columns.some((column) => column.id === "discountRate");
}

export function listTitle(spec: ListSpec, country: Edition): string {
  return country === 2 ? (spec.niTitle ?? spec.title) : spec.title;
}
