import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { licenses, profiles } from "./accounts";

/**
 * An invitation to join a licence. The link carries a random token; only its SHA-256 is stored.
 * Single use (accepted_at), valid 7 days, and it holds no seat until accepted.
 */
export const licenceInvites = pgTable(
  "licence_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.licenseId, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (table) => [index("licence_invites_license_id_idx").on(table.licenseId)],
);

/** A request for a plan above 10 users (SPEC §1), kept and e-mailed to sales. */
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
