import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dev outbox: where every e-mail goes when no SMTP server is configured (the embedded default),
 * read by `/dev/mailbox` and the browser tests. It holds sign-in codes, so it is never exposed once
 * real SMTP delivery is on.
 */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The mailbox API filters by recipient, case-insensitively, newest first.
  (table) => [index("dev_outbox_to_idx").using("btree", sql`lower(${table.to})`, table.id.desc())],
);

/**
 * A recipient's choice about non-essential e-mail, keyed by the lower-cased address so it also
 * covers people without an account (invitees). Essential mail (codes, password resets) ignores it.
 */
export const emailPreferences = pgTable("email_preferences", {
  email: text("email").primaryKey(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
});

export type OutboxRow = typeof devOutbox.$inferSelect;
