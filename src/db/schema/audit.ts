import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { user } from "./auth";

/**
 * A user the owner has suspended (ADR 075). While a row exists the user cannot sign in and any
 * session they still hold is refused and deleted on its next request. Restoring deletes the row.
 */
export const userSuspensions = pgTable("user_suspensions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  suspendedBy: text("suspended_by").notNull(),
  reason: text("reason").notNull(),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every owner action, kept for good (ADR 075): who acted, what they did to which licence or user,
 * when, why, and the state before and after. Targets are plain ids, not foreign keys, so a row
 * outlives the licence or user it speaks of.
 */
export const ownerAuditLog = pgTable(
  "owner_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    licenceId: uuid("license_id"),
    userId: text("user_id"),
    reason: text("reason").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>().notNull(),
    after: jsonb("after").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("owner_audit_log_license_id_idx").on(table.licenceId, table.createdAt),
    index("owner_audit_log_user_id_idx").on(table.userId, table.createdAt),
  ],
);

export type OwnerAuditEntry = typeof ownerAuditLog.$inferSelect;
