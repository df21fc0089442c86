import { flaggedBrandList } from "./flagged-brands";

/** Broken Bulk: the packs part of which may be claimed for when the rest is unlikely to be used. */
export const brokenBulk = flaggedBrandList({
  id: "broken-bulk",
  path: "/reimbursement-info/broken-bulk",
  title: "Broken Bulk",
  explanation:
    "Packs on which broken bulk may be claimed: when only part of a pack is dispensed, the rest of the pack can be paid for if it is unlikely to be used.",
  fileStem: "broken-bulk",
  subtitle: "Packs you may claim broken bulk on",
});
