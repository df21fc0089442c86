import type { DataRow, MadeValues } from "@/components/data-table/format";
import { formatPounds } from "@/lib/tariff-vocabulary";

import { netHint, productLink } from "../row-format";

/**
 * The links and explanations a list's table makes in the browser from each row's own values (ADR
 * 149): a product page from the pack's code, the net price's and the reimbursement's explanations
 * from the figures beside them. A list's rows (its reader) carry the values these read and not
 * what they make, which was a quarter of a big list's answer; the table asks only for the rows in
 * view. Each list says which it makes (`madeValues` in its file); a list that makes none keeps its
 * links and explanations in its rows.
 */

export const textOf = (row: DataRow, key: string) => {
  const value = row[key];
  return typeof value === "string" && value !== "" ? value : null;
};
const numberOf = (row: DataRow, key: string) => {
  const value = row[key];
  return typeof value === "number" ? value : null;
};

/** The pack's page on `page`, by the first of `keys` the row has a code for. */
export const pageOf =
  (page: "/drug-info" | "/brand-info" | "/appliance-info", ...keys: string[]) =>
  (row: DataRow) =>
    productLink(page, keys.map((key) => textOf(row, key)).find((code) => code !== null) ?? null);

/** The net price's explanation: the Discount column's rate taken off the price `basis` names. */
export const netOf = (basis: (row: DataRow) => string) => (row: DataRow) =>
  netHint(numberOf(row, "discountRate"), numberOf(row, "netPrice"), basis(row));

/** `netOf` a basis that is the same for every row, worded once. */
export const netOn = (basis: string) => netOf(() => basis);

/**
 * A Part VIIIA pack's net price explained: the concession that replaces the basic price (a line on
 * concession carries no deduction), no deduction at all, or the deduction taken off `basis`.
 */
export const concededNet = (basis: string) => (row: DataRow) => {
  const rate = numberOf(row, "discountRate");
  const net = numberOf(row, "netPrice");
  const concession = numberOf(row, "concessionPrice");
  if (rate === null || net === null) return null;
  if (concession !== null)
    return `The concession of ${formatPounds(concession / 100)} replaces the basic price this month, with no discount deducted: ${formatPounds(net / 100)}`;
  if (rate === 0) return `No discount deducted from the ${basis}: ${formatPounds(net / 100)}`;
  return netHint(rate, net, basis);
};

export const drugPage = pageOf("/drug-info", "vmppSnomedCode");
export const brandPage = pageOf("/brand-info", "amppSnomedCode");
/** A list of dm+d's branded packs: each row links its pack's page. */
export const brandLink: MadeValues = { href: brandPage };
