import "server-only";

import { brandedPacks } from "@/db/schema";

import { flaggedBrands } from "./flagged-brands.reader";

/** How the Special Container List is read: the branded packs of dm+d's release in force that it flags. */
export const specialContainersReader = () => flaggedBrands(brandedPacks.specialContainer);
