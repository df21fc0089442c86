import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { licences, profiles } from "./accounts";

/**
 * A supplier price list or buying history uploaded to the margin check (ADR 130). Private to the
 * licence: every read and write names the licence taken from the session, never from the browser.
 * Margins are worked out when the upload is read, so a new month or concession shows at once.
 */
export const marginUploads = pgTable(
  "margin_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenceId: uuid("license_id")
      .notNull()
      .references(() => licences.licenceId, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => profiles.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** Rows refused, each `{ row, message }`, kept to show beside the good lines. */
    problems: jsonb("problems").$type<{ row: number; message: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("margin_uploads_license_idx").on(table.licenceId, table.createdAt),
    check("margin_uploads_file_name_length", sql`char_length(${table.fileName}) between 1 and 200`),
  ],
);

/** One line of an upload as the user gave it, with the pack it was matched to. */
export const marginLines = pgTable(
  "margin_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => marginUploads.id, { onDelete: "cascade" }),
    /** The line's row number in the file (header row 1), for messages. */
    rowNumber: integer("row_number").notNull(),
    /** What the user wrote to name it: the name, else the code. */
    product: text("product").notNull(),
    /** The code the user gave beside (or instead of) the name, if any. */
    productCode: text("product_code"),
    packSize: text("pack_size"),
    costPence: integer("cost_pence").notNull(),
    /** The matched pack: `drug` (VMPP), `appliance` (Part IX pack) or `brand` (AMPP); none when unmatched. */
    kind: text("kind"),
    code: text("code"),
    /** 0–100: 100 for a code or a correction, less for a name the search matched. */
    confidence: smallint("confidence").notNull().default(0),
    /** How it was matched: `code`, `name`, `correction`, `confirmed` or `none`. */
    matchedBy: text("matched_by").notNull().default("none"),
    /** Why a line found its product but no pack (`No 30-pack of … in the tariff: 28 and 56 are`). */
    note: text("note"),
  },
  (table) => [
    index("margin_lines_upload_idx").on(table.uploadId, table.rowNumber),
    check(
      "margin_lines_kind_known",
      sql`${table.kind} is null or ${table.kind} in ('drug', 'appliance', 'brand')`,
    ),
    check("margin_lines_cost", sql`${table.costPence} >= 0`),
  ],
);

/**
 * The reimbursement a line was last checked against in each edition (ADR 134): its pack's figure
 * this month, null when the edition gave none. A line turns loss-making when a check after an import
 * finds a figure below its cost where the last one was not; no row means never checked.
 */
export const marginLineChecks = pgTable(
  "margin_line_checks",
  {
    lineId: bigint("line_id", { mode: "number" })
      .notNull()
      .references(() => marginLines.id, { onDelete: "cascade" }),
    edition: smallint("edition").notNull(),
    reimbursementPence: integer("reimbursement_pence"),
    /** The month the figure is for (its first day); null with the figure. */
    period: date("period", { mode: "string" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.lineId, table.edition] }),
    check("margin_line_checks_edition_known", sql`${table.edition} in (1, 2)`),
  ],
);

/** The columns a licence's files were last mapped with, remembered for the next upload. */
export const marginMappings = pgTable("margin_mappings", {
  licenceId: uuid("license_id")
    .primaryKey()
    .references(() => licences.licenceId, { onDelete: "cascade" }),
  /** `code` is absent from mappings remembered before a code column could be mapped beside the name. */
  mapping: jsonb("mapping")
    .$type<{ product: string | null; code?: string | null; packSize: string | null; cost: string }>()
    .notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A licence's own answer to which pack a product text means, applied before any matching. */
export const marginCorrections = pgTable(
  "margin_corrections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    licenceId: uuid("license_id")
      .notNull()
      .references(() => licences.licenceId, { onDelete: "cascade" }),
    /** The product text as normalised by the search's `normaliseTerm`. */
    productKey: text("product_key").notNull(),
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    correctedBy: text("corrected_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("margin_corrections_key_idx").on(table.licenceId, table.productKey),
    check("margin_corrections_kind_known", sql`${table.kind} in ('drug', 'appliance', 'brand')`),
  ],
);

/**
 * Every upload a licence's users sent to be checked, with its number of lines, kept when the upload
 * itself is deleted: what the per-user and per-licence limits count (ADR 166).
 */
export const marginUsage = pgTable(
  "margin_usage",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    licenceId: uuid("license_id")
      .notNull()
      .references(() => licences.licenceId, { onDelete: "cascade" }),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    lines: integer("lines").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("margin_usage_license_idx").on(table.licenceId, table.createdAt),
    index("margin_usage_user_idx").on(table.userId, table.createdAt),
    check("margin_usage_lines", sql`${table.lines} >= 0`),
  ],
);

export type MarginUpload = typeof marginUploads.$inferSelect;
export type MarginLine = typeof marginLines.$inferSelect;
