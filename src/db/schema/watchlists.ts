import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { profiles } from "./accounts";
import { imports } from "./imports";

/**
 * A user's named list of packs to follow. `shared`: everyone on the owner's licence sees it; who
 * that is follows the owner's and the reader's current `profiles.license_id`, so leaving a licence
 * ends access at once without anything to clean up (ADR 055).
 */
export const watchlists = pgTable(
  "watchlists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shared: boolean("shared").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("watchlists_owner_name_idx").on(table.ownerId, sql`lower(${table.name})`),
    check("watchlists_name_length", sql`char_length(${table.name}) between 1 and 80`),
  ],
);

/**
 * A pack on a watchlist, keyed by the stable code of its product page (Part VIIIA VMPP, Part IX
 * pack, dm+d AMPP), never by a price row's id, which each monthly import replaces.
 */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    watchlistId: uuid("watchlist_id")
      .notNull()
      .references(() => watchlists.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    addedBy: text("added_by").references(() => profiles.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("watchlist_items_pack_idx").on(table.watchlistId, table.kind, table.code),
    index("watchlist_items_code_idx").on(table.kind, table.code),
    check("watchlist_items_kind_known", sql`${table.kind} in ('drug', 'appliance', 'brand')`),
  ],
);

export type Watchlist = typeof watchlists.$inferSelect;
export type WatchlistItem = typeof watchlistItems.$inferSelect;

/**
 * When a user last opened a watchlist, for its "Changes since your last visit" summary (ADR 131):
 * one row per reader and list, shared lists included, kept on the server so it follows the user.
 */
export const watchlistVisits = pgTable(
  "watchlist_visits",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    watchlistId: uuid("watchlist_id")
      .notNull()
      .references(() => watchlists.id, { onDelete: "cascade" }),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.watchlistId] })],
);

/**
 * A user's choice about watchlist alerts: on or off, the smallest price change, in per cent either
 * way, worth an e-mail (0: any), and whether each import's changes are e-mailed at once or gathered
 * into one e-mail a week (ADR 125). No row means on, any change, at once, no margin-check lines.
 */
export const watchlistAlertPreferences = pgTable(
  "watchlist_alert_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(true),
    thresholdPercent: numeric("threshold_percent", { precision: 6, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    delivery: text("delivery").notNull().default("immediate"),
    /** Also tell me of my licence's margin-check lines that turn loss-making (ADR 134); off unless chosen. */
    marginLosses: boolean("margin_losses").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("watchlist_alert_preferences_threshold", sql`${table.thresholdPercent} between 0 and 1000`),
    check("watchlist_alert_preferences_delivery", sql`${table.delivery} in ('immediate', 'weekly')`),
  ],
);

/** A change to a watched pack as recorded for its alert: enough to put it in words later. */
export type WatchlistAlertChange = {
  name: string;
  change: string;
  edition: number;
  part: string;
  period: string;
  old_pence: number | null;
  new_pence: number | null;
  percent: string | number | null;
  old_category: string | null;
  new_category: string | null;
  detail: string | null;
  /** A margin-check line's (`change` `margin_loss`, ADR 134): its cost and the file it came from. */
  cost_pence?: number | null;
  file_name?: string | null;
};

/**
 * Each change to a watched pack a user has been told about (or was about to be), once: the unique
 * key is what keeps a re-import, or two imports at once, from sending it again (ADR 057).
 * `change_key` is the change itself: edition, part, period, pack code, kind of change, old and new values.
 * The pack and the line in words are kept for the weekly digest (ADR 125): `weekly_pending` rows
 * wait for it, and the digest clears the flag as it takes them, so each is sent once.
 */
export const watchlistAlertsSent = pgTable(
  "watchlist_alerts_sent",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    changeKey: text("change_key").notNull(),
    kind: text("kind"),
    code: text("code"),
    line: jsonb("line").$type<WatchlistAlertChange>(),
    weeklyPending: boolean("weekly_pending").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("watchlist_alerts_sent_change_idx").on(table.userId, table.changeKey),
    index("watchlist_alerts_sent_weekly_idx")
      .on(table.userId)
      .where(sql`${table.weeklyPending}`),
  ],
);

/**
 * The imports whose changes have been announced to watchers (ADR 057): the alerts job takes each
 * successful import once, in order, whichever process or command made it.
 */
export const watchlistAlertImports = pgTable("watchlist_alert_imports", {
  importId: bigint("import_id", { mode: "number" })
    .primaryKey()
    .references(() => imports.id, { onDelete: "cascade" }),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
