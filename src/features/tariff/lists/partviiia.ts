import { tariffMonth } from "../row-format";
import { code, conceded, name, pack, pence } from "./columns";
import { concededNet, drugPage } from "./made-values";
import type { ListSpec } from ".";

/** Part VIIIA (Northern Ireland's Part I): the basic prices of generic medicines. */
export const partviiia: ListSpec = {
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
  madeValues: (period) => ({ href: drugPage, netHint: concededNet(`${tariffMonth(period)} basic price`) }),
  menu: { group: "tariff", subtitle: "Basic prices of generic medicines: Categories A, C, M and more" },
  search: { part: "viiia" },
  watch: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "medicine" },
};
