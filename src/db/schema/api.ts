import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { licences, profiles } from "./accounts";

/**
 * A licence's key to the data API (ADR 200): read-only, for the licence's own systems. The key is
 * shown once, when made; only the SHA-256 of the whole key is stored, and `public_id`, the part of it
 * that names it in lists and finds it on each call. Revoking keeps the row, so the admin still sees
 * what the key did. Each key has its own allowance of requests a minute and a day.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenceId: uuid("license_id")
      .notNull()
      .references(() => licences.licenceId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    publicId: text("public_id").notNull().unique(),
    secretHash: text("secret_hash").notNull(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    requestCount: bigint("request_count", { mode: "number" }).notNull().default(0),
    perMinute: integer("per_minute").notNull().default(120),
    perDay: integer("per_day").notNull().default(20000),
  },
  (table) => [
    index("api_keys_license_id_idx").on(table.licenceId),
    check("api_keys_name_length", sql`char_length(${table.name}) between 1 and 60`),
    check("api_keys_limits_positive", sql`${table.perMinute} > 0 and ${table.perDay} > 0`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
