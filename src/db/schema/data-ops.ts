import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { profiles } from "./accounts";

/**
 * One pass of the fetchers run by the schedule or by the owner's "Fetch now" (ADR 115): when, what
 * each file came to (`outcomes`, in `npm run import -- --json`'s shape) and the pass's verdict. A pass
 * still running has no `finished_at`; only one may run at a time across every process and server.
 */
export const fetchRuns = pgTable(
  "fetch_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    trigger: text("trigger").notNull(),
    actor: text("actor").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: text("outcome"),
    message: text("message"),
    outcomes: jsonb("outcomes").$type<Record<string, unknown>[]>().notNull().default([]),
  },
  (table) => [
    check("fetch_runs_trigger_known", sql`${table.trigger} in ('scheduled', 'manual')`),
    check(
      "fetch_runs_outcome_known",
      sql`${table.outcome} is null or ${table.outcome} in ('imported', 'nothing_new', 'failed', 'retrying')`,
    ),
    uniqueIndex("fetch_runs_one_running_idx")
      .on(sql`(true)`)
      .where(sql`${table.finishedAt} is null`),
    index("fetch_runs_started_at_idx").on(table.startedAt),
  ],
);

/** Each e-mail the fetch schedule sent the owners, by what it was about, so none is sent twice. */
export const fetchAlerts = pgTable("fetch_alerts", {
  key: text("key").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A subscriber's private change feed (ADR 118): the SHA-256 of a random token that stands in for a
 * session in feed readers. One per user; revoking deletes it, a new one replaces it.
 */
export const changeFeedTokens = pgTable("change_feed_tokens", {
  userId: text("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a user last opened /changes, and the visit before it: the page shows what changed since the
 * previous visit (ADR 117).
 */
export const changeVisits = pgTable("change_visits", {
  userId: text("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  visitedAt: timestamp("visited_at", { withTimezone: true }).notNull(),
  previousVisitedAt: timestamp("previous_visited_at", { withTimezone: true }),
});

export type FetchRun = typeof fetchRuns.$inferSelect;

/**
 * Each publisher page the poller watches (ADR 205): what its last answer said, so the next request
 * is conditional (`etag`, `last_modified`) and an unchanged body is known by its SHA-256; when it is
 * next due; and, while it fails, since when and how often, for the back-off and the owners' e-mail.
 */
export const publisherPages = pgTable("publisher_pages", {
  url: text("url").primaryKey(),
  source: text("source").notNull(),
  etag: text("etag"),
  lastModified: text("last_modified"),
  contentSha256: text("content_sha256"),
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  changedAt: timestamp("changed_at", { withTimezone: true }),
  nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
  lastAnswer: text("last_answer"),
  failures: integer("failures").notNull().default(0),
  failingSince: timestamp("failing_since", { withTimezone: true }),
  lastError: text("last_error"),
  requests: integer("requests").notNull().default(0),
  notModified: integer("not_modified").notNull().default(0),
});

/**
 * A change the poller found on a publisher's page (ADR 206): when it was found, when its files were
 * imported and when its watchers were told, with what came of each step.
 */
export const publications = pgTable(
  "publications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    source: text("source").notNull(),
    url: text("url").notNull(),
    contentSha256: text("content_sha256").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    announcedAt: timestamp("announced_at", { withTimezone: true }),
    importIds: jsonb("import_ids").$type<number[]>().notNull().default([]),
    outcome: text("outcome"),
    message: text("message"),
    emails: integer("emails").notNull().default(0),
  },
  (table) => [index("publications_found_at_idx").on(table.foundAt)],
);

export type PublisherPage = typeof publisherPages.$inferSelect;
export type Publication = typeof publications.$inferSelect;

/** PostgreSQL's `bytea`, read and written as bytes (drizzle-orm 0.45 has no column type of its own for it). */
const bytes = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Answers built once for every web process and machine (ADR 223): a list month's gzipped rows,
 * keyed by the tariff data's version and what was asked (`key_hash`, the SHA-256 of the key). A row
 * without `bytes` is a claim: one process is building it and the others wait for it rather than
 * build it too; a claim older than a few minutes is a builder that died, and is taken over. Rows of
 * other data versions are deleted when a new version's first answer is claimed.
 */
export const sharedAnswers = pgTable(
  "shared_answers",
  {
    version: text("version").notNull(),
    keyHash: text("key_hash").notNull(),
    bytes: bytes("bytes"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.version, table.keyHash] })],
);
