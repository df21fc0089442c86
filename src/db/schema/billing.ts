import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Payment-provider events already handled. The id is stored in the same transaction as the event's
 * effect, so a redelivered event is acknowledged and ignored (SECURITY.md R19).
 */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
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
