import { tariffMonth } from "../row-format";
import { code, conceded, name, pack, pence } from "./columns";
import { concededNet, drugPage } from "./made-values";
import type { ListSpec } from ".";

/** Category M: the quarterly prices of Part VIIIA's Category M packs. */
export const catm: ListSpec = {
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
  madeValues: (period) => ({
    href: drugPage,
    netHint: concededNet(`Category M price from ${tariffMonth(period)}`),
  }),
  menu: { group: "tariff", subtitle: "Quarterly prices set by the Department of Health and Social Care" },
  search: { part: "catm" },
  // Category M's packs are Part VIIIA packs (VMPP).
  watch: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "medicine" },
};
