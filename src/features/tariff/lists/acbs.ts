import { code, name, pack, pence } from "./columns";
import { brandLink } from "./made-values";
import type { ListSpec } from ".";

/** Borderline substances (Part X): what the ACBS approves for prescribing. */
export const acbs: ListSpec = {
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
  madeValues: () => brandLink,
  menu: { group: "tariff", subtitle: "Foods and toilet preparations approved by the ACBS" },
  search: { part: "acbs", title: "Part X / Borderline Substances" },
  // England & Wales' borderline substances are dm+d's branded packs (AMPP).
  watch: { kind: "brand", codeKey: "amppSnomedCode", nameKey: "product" },
};
