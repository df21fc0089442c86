import { flaggedBrandList } from "./flagged-brands";

/** The Dental Practitioners' Formulary. */
export const dentalFormulary = flaggedBrandList({
  id: "dental-formulary",
  path: "/reimbursement-info/dental-formulary",
  title: "Dental Formulary",
  explanation:
    "Products dentists may prescribe on the NHS (the Dental Practitioners' Formulary); other items on a dental prescription are not paid.",
  fileStem: "dental-formulary",
  subtitle: "What dentists may prescribe",
});
