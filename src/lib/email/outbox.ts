import "server-only";

import { desc, eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { devOutbox } from "@/db/schema";

export type OutboxMessage = {
  id: number;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  createdAt: Date;
};

export async function storeInOutbox(message: Omit<OutboxMessage, "id" | "createdAt">): Promise<number> {
  const [row] = await getDb().insert(devOutbox).values(message).returning({ id: devOutbox.id });
  return row!.id;
}

/** Messages in the dev outbox, newest first, optionally only those to one address (any letter case). */
export async function readOutbox(options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 200);
  const to = options.to?.trim().toLowerCase();
  // No address holds a control character, and PostgreSQL text cannot hold a NUL at all.
  if (to && /\p{Cc}/u.test(to)) return [];
  return getDb()
    .select()
    .from(devOutbox)
    .where(to ? eq(sql`lower(${devOutbox.to})`, to) : undefined)
    .orderBy(desc(devOutbox.id))
    .limit(limit);
}
