import type { SQL } from "drizzle-orm";

import {
  blacklist,
  borderlineSubstances,
  brandedPacks,
  categoryMPrices,
  concessions,
  partIxPrices,
  partViiiaPrices,
  partViiibPrices,
  partViiidPrices,
  zeroDiscount,
  type DatasetTable,
} from "@/db/schema";
import type { PartId } from "@/lib/tariff-vocabulary";

/**
 * The table each part's lines are stored in: the import writes them, the pricing model and insights
 * read them, and the import's line types are these tables' rows.
 */
export const partTables = {
  viiia: partViiiaPrices,
  "cat-m": categoryMPrices,
  viiib: partViiibPrices,
  viiid: partViiidPrices,
  ix: partIxPrices,
  concessions,
  dmd: brandedPacks,
  blacklist,
  "zero-discount": zeroDiscount,
  borderline: borderlineSubstances,
} as const satisfies Record<PartId, DatasetTable>;

/** Columns an insert computes from each row rather than reading them from it (discounts, say). */
export type ComputedColumns = { columns: string[]; lateral: SQL; values: SQL[] };
