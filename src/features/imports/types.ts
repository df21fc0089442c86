import type {
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
} from "@/db/schema";
import type { Edition, PartId, Period } from "@/lib/tariff-vocabulary";

/** A table's row as the parser makes it: edition and period are added when it is written. */
type LineOf<T extends { $inferInsert: object }> = Omit<T["$inferInsert"], "id" | "edition" | "period">;

export type ViiiaLine = LineOf<typeof partViiiaPrices>;
export type CategoryMLine = LineOf<typeof categoryMPrices>;
export type ViiibLine = LineOf<typeof partViiibPrices>;
export type ViiidLine = LineOf<typeof partViiidPrices>;
export type IxLine = LineOf<typeof partIxPrices>;
export type ConcessionLine = LineOf<typeof concessions>;
export type BrandedPackLine = LineOf<typeof brandedPacks>;
export type BlacklistLine = LineOf<typeof blacklist>;
export type ZeroDiscountLine = LineOf<typeof zeroDiscount>;
export type BorderlineLine = LineOf<typeof borderlineSubstances>;

export type Line =
  | ViiiaLine
  | CategoryMLine
  | ViiibLine
  | ViiidLine
  | IxLine
  | ConcessionLine
  | BrandedPackLine
  | BlacklistLine
  | ZeroDiscountLine
  | BorderlineLine;

/** The rows of one (edition, part, period): what one import replaces. */
export type Dataset = { period: Period; rows: Line[] };

/** A file read and checked, ready to be written; nothing has touched the database yet. */
export type ParsedFile = {
  part: PartId;
  edition: Edition;
  datasets: Dataset[];
  /** Data rows read from the file (title, blank and header rows excluded). */
  rowsRead: number;
  /** Things an operator should know that do not stop the import (an unknown category, say). */
  notes: string[];
};

/** What the operator may say instead of what the file says. */
export type Overrides = { part?: PartId; period?: Period; edition?: Edition };

/** Called as rows are read, for a progress bar. */
export type OnRows = (rowsRead: number) => void;
