import { code, name, pence } from "./columns";
import type { ListSpec } from ".";

/** Part VIIIB: unlicensed specials, priced by a minimum quantity and each unit beyond it. */
export const partviiib: ListSpec = {
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
  menu: {
    group: "tariff",
    subtitle: "Unlicensed specials with a minimum quantity and a price per additional unit",
  },
  search: { part: "viiib" },
};
