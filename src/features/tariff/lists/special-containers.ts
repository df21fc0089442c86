import { flaggedBrandList } from "./flagged-brands";

/** The Special Container List: packs paid for whole. */
export const specialContainers = flaggedBrandList({
  id: "special-containers",
  path: "/reimbursement-info/special-containers",
  title: "Special Container List",
  explanation:
    "Packs that are dispensed and paid for whole, never split: the pack size nearest the quantity ordered is paid.",
  fileStem: "special-containers",
  subtitle: "Packs dispensed whole, never split",
});
