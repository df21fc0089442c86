import "server-only";

import { brandedPacks } from "@/db/schema";

import { flaggedBrands } from "./flagged-brands.reader";

/** How Broken Bulk is read: the branded packs of dm+d's release in force that it flags. */
export const brokenBulkReader = () => flaggedBrands(brandedPacks.brokenBulk);
