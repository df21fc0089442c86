import "server-only";

import { brandedPacks } from "@/db/schema";

import { flaggedBrands } from "./flagged-brands.reader";

/** How the Dental Formulary is read: the branded packs of dm+d's release in force that it flags. */
export const dentalFormularyReader = () => flaggedBrands(brandedPacks.dentalFormulary);
