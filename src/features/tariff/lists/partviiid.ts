import { tariffMonth } from "../row-format";
import { code, name, netColumns, pack, pence } from "./columns";
import { netOn } from "./made-values";
import type { ListSpec } from ".";

/** Part VIIID: further specials and imported unlicensed medicines, by formulation. */
export const partviiid: ListSpec = {
  id: "partviiid",
  path: "/drug-tariff-parts/partviiid-specials",
  title: "Part VIIID",
  explanation:
    "Listed prices for further specials and imported unlicensed medicines, by formulation; a pack may appear once per formulation.",
  fileStem: "part-viiid",
  columns: [
    name("medicine", "Medicine"),
    { id: "formulations", header: "Formulation" },
    ...pack("packSize", "unitOfMeasure"),
    pence("basicPrice", "Basic price"),
    { id: "specialContainer", header: "Special container", priority: "detail" },
    ...netColumns,
    code("vmppSnomedCode", "VMPP code"),
  ],
  filters: [{ name: "formulation", label: "Formulation" }],
  searchLabel: "Search specials",
  cadence: "monthly",
  ewOnly: true,
  madeValues: (period) => ({ netHint: netOn(`${tariffMonth(period)} basic price`) }),
  menu: {
    group: "tariff",
    subtitle: "Further specials and imported unlicensed medicines with listed prices",
  },
  search: { part: "viiid" },
};
