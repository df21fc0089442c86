import type { DataColumn } from "@/components/data-table/format";

/** The columns the lists share, each made the same way wherever it stands. */

/** A price: one of the figures a phone shows beside the name. */
export const pence = (id: string, header: string): DataColumn => ({
  id,
  header,
  kind: "pence",
  priority: "key",
});
export const code = (id: string, header: string): DataColumn => ({
  id,
  header,
  kind: "code",
  priority: "detail",
});
export const name = (id: string, header: string, hrefKey?: string): DataColumn => ({
  id,
  header,
  hrefKey,
  priority: "name",
});
/** Pack size and its unit, read with the prices. */
export const pack = (size: string, unit: string, sizeKind: "number" | "text" = "number"): DataColumn[] => [
  { id: size, header: "Pack size", kind: sizeKind, priority: "key" },
  { id: unit, header: "Unit", priority: "key" },
];

/** The deduction and what is left: a list priced by the pricing model shows both. */
export const netColumns: DataColumn[] = [
  { id: "discountRate", header: "Discount", kind: "percent", priority: "detail" },
  { id: "netPrice", header: "Net price", kind: "pence", hintKey: "netHint", priority: "key" },
];

/** A Part VIIIA pack's money: a concession replaces the basic price for its month, and the net price is paid on it. */
export const conceded: DataColumn[] = [
  { id: "concessionPrice", header: "Concession", kind: "pence" },
  ...netColumns,
];

/** A branded pack of dm+d: its name, supplier, pack and indicative price, `between` them and its code. */
export const brandPackColumns = (between: DataColumn[]): DataColumn[] => [
  name("name", "Product", "href"),
  { id: "supplier", header: "Supplier" },
  ...pack("packSize", "unitOfMeasure"),
  pence("nhsIndicativePrice", "NHS indicative price"),
  ...between,
  code("amppSnomedCode", "AMPP code"),
];

/** The reimbursement lists of branded packs dm+d flags: each pack's tariff category, and `extra`. */
export const flaggedBrandColumns = (extra: DataColumn[] = []): DataColumn[] =>
  brandPackColumns([{ id: "drugTariffCategory", header: "Tariff category", priority: "detail" }, ...extra]);
