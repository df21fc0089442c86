import { code, name, pence } from "./columns";
import { drugPage } from "./made-values";
import type { ListSpec } from ".";

/** The month's price concessions on generics. */
export const concessions: ListSpec = {
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
  madeValues: () => ({ href: drugPage }),
  menu: { group: "links" },
  search: { part: "concessions" },
  // A concession names a Part VIIIA pack (VMPP).
  watch: { kind: "drug", codeKey: "vmppSnomedCode", nameKey: "drug" },
};
