import { check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

import { profiles } from "./accounts";

/**
 * That a user has finished or skipped one of the onboarding tours, so it does not start again on
 * their next visit or on another device (ADR 070). One row per user and tour; replaying a tour from
 * Help only updates it.
 */
export const onboardingTours = pgTable(
  "onboarding_tours",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    tour: text("tour").notNull(),
    outcome: text("outcome").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tour] }),
    check("onboarding_tours_tour", sql`${table.tour} in ('intro', 'welcome')`),
    check("onboarding_tours_outcome", sql`${table.outcome} in ('finished', 'skipped')`),
  ],
);
