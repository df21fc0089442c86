import type { DataColumn } from "@/components/data-table/format";

import { flaggedBrandColumns } from "./columns";
import { brandLink } from "./made-values";
import type { ListSpec } from ".";

/**
 * A reimbursement list that is dm+d's branded packs with one flag set (broken bulk, the
 * formularies, …): only England & Wales publishes it, and a watchlist holds its packs (AMPP).
 */
export function flaggedBrandList(
  list: Pick<ListSpec, "id" | "path" | "title" | "explanation" | "fileStem"> & {
    subtitle: string;
    extraColumns?: DataColumn[];
  },
): ListSpec {
  const { subtitle, extraColumns, ...named } = list;
  return {
    ...named,
    columns: flaggedBrandColumns(extraColumns),
    filters: [{ name: "supplier", label: "Supplier" }],
    searchLabel: "Search products",
    cadence: "latest",
    ewOnly: true,
    madeValues: () => brandLink,
    menu: { group: "reimbursement", subtitle },
    watch: { kind: "brand", codeKey: "amppSnomedCode", nameKey: "name" },
  };
}
