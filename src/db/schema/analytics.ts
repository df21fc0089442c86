import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * First-party analytics: one row per page view, recorded only after the visitor accepted cookies.
 * No user id, address or user agent is stored.
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("page_views_viewed_at_idx").on(table.viewedAt)],
);
