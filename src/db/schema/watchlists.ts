import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { profiles } from "./accounts";

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
