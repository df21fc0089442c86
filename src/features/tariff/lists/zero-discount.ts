import { code, name, pack } from "./columns";
import type { ListSpec } from ".";

/**
 * Discount Not Deducted (Northern Ireland's Zero Discount List). Its rows carry their own links: a
 * row is a branded or a generic pack, and says which page it has.
 */
export const zeroDiscount: ListSpec = {
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
  menu: { group: "reimbursement", subtitle: "Products paid without a discount deduction" },
};
