import { flaggedBrandList } from "./flagged-brands";

/** The Nurse Prescribers' Formulary. */
export const nurseFormulary = flaggedBrandList({
  id: "nurse-formulary",
  path: "/reimbursement-info/nurse-formulary",
  title: "Nurse Formulary",
  explanation:
    "Products community practitioner nurse prescribers may prescribe (the Nurse Prescribers' Formulary).",
  fileStem: "nurse-formulary",
  subtitle: "What nurse prescribers may prescribe",
});
