import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Our own fixed-window counters (per e-mail address, per admin, per client address), kept apart from
 * Better Auth's table, whose clean-up only knows its own windows. In the database so that every app
 * instance shares them (docs/security.md R6).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
