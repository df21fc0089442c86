import { indicativePriceBasis } from "../row-format";
import { brandPackColumns, netColumns } from "./columns";
import { brandPage, netOf, textOf } from "./made-values";
import type { ListSpec } from ".";

/** dm+d's branded packs, with the net price after the deduction in force that month. */
export const brands: ListSpec = {
  id: "brands",
  path: "/brands",
  title: "Branded Product Pricing",
  explanation:
    "Branded packs with their NHS indicative price and the net price after the discount deduction in force that month.",
  fileStem: "branded-products",
  columns: brandPackColumns([
    ...netColumns,
    { id: "priceDate", header: "Price date", kind: "date", priority: "detail" },
    { id: "priceBasis", header: "Price basis", priority: "detail" },
  ]),
  filters: [{ name: "supplier", label: "Supplier" }],
  searchLabel: "Search branded products",
  cadence: "latest",
  madeValues: () => ({
    href: brandPage,
    netHint: netOf((row) => indicativePriceBasis(textOf(row, "priceDate"))),
  }),
  menu: { group: "links" },
  search: { part: "brands", title: "Branded Products" },
  watch: { kind: "brand", codeKey: "amppSnomedCode", nameKey: "name" },
};
