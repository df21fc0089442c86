import { flaggedBrandList } from "./flagged-brands";

/** The Discontinued List: packs no longer available, with the date each was discontinued. */
export const discontinued = flaggedBrandList({
  id: "discontinued",
  path: "/reimbursement-info/discontinued-list",
  title: "Discontinued List",
  explanation:
    "Products that are no longer available, with the date they were discontinued: check before ordering or claiming.",
  fileStem: "discontinued",
  subtitle: "Products no longer available",
  extraColumns: [{ id: "discontinuedDate", header: "Discontinued", kind: "date", priority: "key" }],
});
