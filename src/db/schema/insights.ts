import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";

/**
 * What changed in a part between a period and the previous period loaded for it (which may be more
 * than a month earlier, e.g. a quarter for Category M), computed at import in the same transaction.
 * Keyed by SNOMED codes (docs/data-formats.md): VMPP for Part VIIIA and Category M, VMP for Part VIIIB,
 * VMPP + formulation for Part VIIID, pack code + GTIN for Part IX.
 *
 * An addition and a deletion of the same VMP in one period are a pack change: both rows stay (so
 * counts of additions and deletions match the published lists) and each names the other's code in
 * `paired_code`.
 */
export const tariffChanges = pgTable(
  "tariff_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    edition: smallint("edition").notNull(),
    part: text("part").notNull(),
    period: date("period", { mode: "string" }).notNull(),
    previousPeriod: date("previous_period", { mode: "string" }).notNull(),
    change: text("change").notNull(),
    itemKey: text("item_key").notNull(),
    vmpSnomedCode: text("vmp_snomed_code"),
    code: text("code"),
    pairedCode: text("paired_code"),
    name: text("name").notNull(),
    packSize: numeric("pack_size", { precision: 14, scale: 3, mode: "number" }),
    unitOfMeasure: text("unit_of_measure"),
    oldPricePence: integer("old_price_pence"),
    newPricePence: integer("new_price_pence"),
    priceChangePence: integer("price_change_pence"),
    priceChangePercent: numeric("price_change_percent", { precision: 12, scale: 2, mode: "number" }),
    oldCategory: text("old_category"),
    newCategory: text("new_category"),
  },
  (table) => [
    check(
      "tariff_changes_change_known",
      sql`${table.change} in ('addition', 'deletion', 'price_change', 'category_change')`,
    ),
    check("tariff_changes_edition_known", sql`${table.edition} in (1, 2)`),
    index("tariff_changes_lookup_idx").on(table.edition, table.part, table.period, table.change),
  ],
);

export type TariffChange = typeof tariffChanges.$inferSelect;

/**
 * Price concessions per month: how many lines, how many matched a Part VIIIA pack, and the uplift
 * over the tariff price they add up to (for the lines whose month's tariff is loaded).
 */
export const concessionMonths = pgTable(
  "concession_months",
  {
    edition: smallint("edition").notNull(),
    period: date("period", { mode: "string" }).notNull(),
    lines: integer("lines").notNull(),
    matchedLines: integer("matched_lines").notNull(),
    unmatchedLines: integer("unmatched_lines").notNull(),
    totalUpliftPence: integer("total_uplift_pence"),
  },
  (table) => [primaryKey({ columns: [table.edition, table.period] })],
);
