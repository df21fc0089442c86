import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * One row per file the importer was given, whatever became of it: who or what ran it, the file's
 * checksum, what it was taken to be and the outcome. Rejections are recorded too, outside the data
 * transaction, so an operator can see why a file was refused.
 */
export const imports = pgTable(
  "imports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actor: text("actor").notNull(),
    fileName: text("file_name").notNull(),
    fileSha256: text("file_sha256"),
    fileBytes: bigint("file_bytes", { mode: "number" }),
    part: text("part"),
    edition: smallint("edition"),
    period: date("period", { mode: "string" }),
    rows: integer("rows"),
    outcome: text("outcome").notNull(),
    message: text("message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("imports_outcome_known", sql`${table.outcome} in ('imported', 'unchanged', 'rejected')`),
    check("imports_edition_known", sql`${table.edition} in (1, 2)`),
    index("imports_started_at_idx").on(table.startedAt),
  ],
);

/**
 * What is loaded for each (edition, part, period): the unit an import replaces in one transaction.
 * `content_sha256` hashes the normalised rows, so the same data re-sent in another layout (raw CSV,
 * XLSX, processed CSV) is recognised as unchanged.
 */
export const tariffDatasets = pgTable(
  "tariff_datasets",
  {
    edition: smallint("edition").notNull(),
    part: text("part").notNull(),
    period: date("period", { mode: "string" }).notNull(),
    contentSha256: text("content_sha256").notNull(),
    rows: integer("rows").notNull(),
    importId: bigint("import_id", { mode: "number" })
      .notNull()
      .references(() => imports.id),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.edition, table.part, table.period] }),
    check("tariff_datasets_edition_known", sql`${table.edition} in (1, 2)`),
    check("tariff_datasets_period_first_of_month", sql`extract(day from ${table.period}) = 1`),
  ],
);

export type ImportRecord = typeof imports.$inferSelect;
export type TariffDataset = typeof tariffDatasets.$inferSelect;
