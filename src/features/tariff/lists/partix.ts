import { tariffMonth } from "../row-format";
import { code, name, netColumns, pence } from "./columns";
import { netOn, pageOf } from "./made-values";
import type { ListSpec } from ".";

/** Part IX (Northern Ireland's Parts II & III): appliances and what else may be prescribed with them. */
export const partix: ListSpec = {
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
  madeValues: (period) => ({
    href: pageOf("/appliance-info", "packSnomedCode", "productSnomedCode"),
    netHint: netOn(`${tariffMonth(period)} price`),
  }),
  menu: { group: "tariff", subtitle: "Appliances, incontinence and stoma products and chemical reagents" },
  search: { part: "ix" },
  watch: { kind: "appliance", codeKey: "packSnomedCode", nameKey: "ampName" },
};
