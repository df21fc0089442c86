import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import { user } from "./auth";

/** An organisation licence: the number of user seats one subscription pays for (product §3). */
export const licences = pgTable(
  "licenses",
  {
    licenceId: uuid("license_id").primaryKey().defaultRandom(),
    organisation: text("organisation"),
    seats: integer("number_of_licenses").notNull().default(1),
    /**
     * The subscription behind the licence, copied from the payment provider by `syncSubscription()`
     * only: `active`, `trialing`, `past_due`, `canceled`, `unpaid`, `incomplete`...
     */
    status: text("status").notNull().default("active"),
    provider: text("provider"),
    providerSubscriptionId: text("provider_subscription_id").unique(),
    providerCustomerId: text("provider_customer_id"),
    planId: text("plan_id"),
    billingInterval: text("billing_interval"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** When the subscription's free trial ends; null without one. Copied by `syncSubscription()`. */
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    /** The subscription is cancelled and ends at `current_period_end` (nothing more is charged). */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("licenses_number_of_licenses_positive", sql`${table.seats} >= 1`)],
);

/**
 * One row per user, keyed by the user id (product §3). `edition` is the column `country`: 1 England &
 * Wales, 2 Northern Ireland.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    jobRole: text("job_role"),
    admin: boolean("admin").notNull().default(false),
    delegate: boolean("delegate").notNull().default(false),
    isSubscribed: boolean("is_subscribed").notNull().default(false),
    licenceId: uuid("license_id").references(() => licences.licenceId, { onDelete: "set null" }),
    lastSignedIn: timestamp("last_signed_in", { withTimezone: true }),
    edition: smallint("country").notNull().default(1),
    customerId: text("customer_id").unique(),
    /** When the user accepted each document at sign-up, and which version (product §2.11). */
    licenceAcceptedAt: timestamp("licence_accepted_at", { withTimezone: true }),
    privacyAcceptedAt: timestamp("privacy_accepted_at", { withTimezone: true }),
    termsVersion: text("terms_version"),
    /**
     * The parts the user switched off in the global search's 'Select Parts to Search' (ADR 098):
     * kept with the profile, so the choice follows the user to every browser.
     */
    searchPartsOff: text("search_parts_off")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** "Close Message" on the subscription notice (product §2.14) is remembered per user. */
    subscriptionNoticeDismissedAt: timestamp("subscription_notice_dismissed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("profiles_country_known", sql`${table.edition} in (1, 2)`),
    index("profiles_license_id_idx").on(table.licenceId),
  ],
);

export type Licence = typeof licences.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
