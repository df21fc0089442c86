import type { partTables } from "@/lib/part-tables";
import type { Edition, PartId, Period } from "@/lib/tariff-vocabulary";

/** A part's row as the parser makes it: edition and period are added when it is written. */
type LineOf<P extends PartId> = P extends PartId
  ? Omit<(typeof partTables)[P]["$inferInsert"], "id" | "edition" | "period">
  : never;

export type ViiiaLine = LineOf<"viiia">;
export type CategoryMLine = LineOf<"cat-m">;
export type ViiibLine = LineOf<"viiib">;
export type ViiidLine = LineOf<"viiid">;
export type IxLine = LineOf<"ix">;
export type ConcessionLine = LineOf<"concessions">;
export type BrandedPackLine = LineOf<"dmd">;
export type BlacklistLine = LineOf<"blacklist">;
export type ZeroDiscountLine = LineOf<"zero-discount">;
export type BorderlineLine = LineOf<"borderline">;

/** A line of any part. */
export type Line = LineOf<PartId>;

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
