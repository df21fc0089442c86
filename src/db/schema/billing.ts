import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Payment-provider events already handled. The id is stored in the same transaction as the event's
 * effect, so a redelivered event is acknowledged and ignored (docs/security.md R19).
 */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reads of a subscription from the provider are numbered from this sequence before they start, and
 * `subscription_reads` keeps the number of the newest one written to our tables: a slow read that
 * finishes after a newer one is dropped instead of writing an older state over it. Provider calls are
 * made outside transactions, so this, not a lock held during the call, keeps concurrent syncs in order.
 */
export const subscriptionReadSeq = pgSequence("subscription_read_seq");

export const subscriptionReads = pgTable("subscription_reads", {
  subscriptionId: text("subscription_id").primaryKey(),
  readNumber: bigint("read_number", { mode: "number" }).notNull(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local test checkout's own records, standing in for the provider's when no Stripe key is set
 * (the embedded default). Our licences read them only through the same gateway interface.
 */
export const testCheckoutSessions = pgTable("test_checkout_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  planId: text("plan_id").notNull(),
  billingInterval: text("billing_interval").notNull(),
  quantity: integer("quantity").notNull(),
  /** The free trial this checkout starts, in days; null for a checkout that charges at once. */
  trialDays: integer("trial_days"),
  status: text("status").notNull().default("open"),
  subscriptionId: text("subscription_id"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const testSubscriptions = pgTable("test_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  planId: text("plan_id").notNull(),
  billingInterval: text("billing_interval").notNull(),
  quantity: integer("quantity").notNull(),
  status: text("status").notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  /** When the free trial ends (or ended); null for a subscription that started paid. */
  trialEnd: timestamp("trial_end", { withTimezone: true }),
  /** When the trial-ending reminder was sent: the test checkout's `trial_will_end`, sent once. */
  trialReminderSentAt: timestamp("trial_reminder_sent_at", { withTimezone: true }),
  /**
   * The test card chosen at checkout is declined when first charged (Stripe's 4000 0000 0000 0341):
   * the trial then ends unpaid.
   */
  cardDeclines: boolean("card_declines").notNull().default(false),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const testCustomers = pgTable("test_customers", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  name: text("name"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every free trial started, one row per trial subscription, kept when its licence or account is gone:
 * a second trial is refused to the same e-mail address, profile, payment customer or licence (ADR 190).
 * Written by `syncSubscription()` when a subscription with a trial first reaches our tables.
 */
export const trials = pgTable(
  "trials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    subscriptionId: text("subscription_id").notNull().unique(),
    /** The buyer's address, lower-cased: a new account on the same address gets no second trial. */
    email: text("email").notNull(),
    profileId: text("profile_id"),
    customerId: text("customer_id").notNull(),
    licenceId: uuid("license_id"),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("trials_email_idx").on(table.email),
    index("trials_customer_id_idx").on(table.customerId),
    index("trials_profile_id_idx").on(table.profileId),
    index("trials_license_id_idx").on(table.licenceId),
  ],
);
