import { code, name } from "./columns";
import type { ListSpec } from ".";

/** Part XVIIIA (Northern Ireland's Part XI): what may not be prescribed on the NHS. */
export const blacklist: ListSpec = {
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
  menu: { group: "reimbursement", subtitle: "Products that cannot be prescribed on the NHS (Part XVIIIA)" },
};
