import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { licences, profiles } from "./accounts";

/**
 * An invitation to join a licence. The link carries a random token; only its SHA-256 is stored.
 * Single use (accepted_at), valid 7 days, and it holds no seat until accepted.
 */
export const licenceInvites = pgTable(
  "licence_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenceId: uuid("license_id")
      .notNull()
      .references(() => licences.licenceId, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (table) => [index("licence_invites_license_id_idx").on(table.licenceId)],
);

/**
 * An admin's request that a registered user join their licence (ADR 036). The user joins only by
 * accepting it, and takes a seat only then. At most one is pending per licence and user, so a repeated
 * add is the same request. `status`: pending, accepted, declined (by the user), cancelled (by an
 * admin), or expired (found past `expires_at` when a new request was made).
 */
export const licenceRequests = pgTable(
  "licence_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenceId: uuid("license_id")
      .notNull()
      .references(() => licences.licenceId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => profiles.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("licence_requests_one_pending_idx")
      .on(table.licenceId, table.userId)
      .where(sql`status = 'pending'`),
    index("licence_requests_user_id_idx").on(table.userId),
    check(
      "licence_requests_status_known",
      sql`${table.status} in ('pending', 'accepted', 'declined', 'cancelled', 'expired')`,
    ),
  ],
);

/** A request for a plan above 10 users (product §1), kept and e-mailed to sales. */
export const customPlanEnquiries = pgTable("custom_plan_enquiries", {
  id: uuid("id").primaryKey().defaultRandom(),
  profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  organisation: text("organisation").notNull(),
  seats: integer("seats").notNull(),
  message: text("message"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
