import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { changeFeedTokens } from "@/db/schema";
import { profileHasAccess } from "@/lib/subscription-status";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * Private feed addresses (ADR 118): a random token per user, of which only the SHA-256 is stored, so
 * the address is shown once, when made. Making a new one replaces the old; revoking deletes it.
 */

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** 32 random bytes, URL-safe: the whole secret of the feed address. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export async function createFeedToken(userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await getDb()
    .insert(changeFeedTokens)
    .values({ userId, tokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: changeFeedTokens.userId,
      set: { tokenHash: hashOf(token), createdAt: new Date() },
    });
  return token;
}

export async function revokeFeedToken(userId: string): Promise<boolean> {
  const deleted = await getDb()
    .delete(changeFeedTokens)
    .where(eq(changeFeedTokens.userId, userId))
    .returning({ userId: changeFeedTokens.userId });
  return deleted.length > 0;
}

/** When the user's feed address was made, or null when they have none. */
export async function feedTokenCreatedAt(userId: string): Promise<Date | null> {
  const [row] = await getDb()
    .select({ createdAt: changeFeedTokens.createdAt })
    .from(changeFeedTokens)
    .where(eq(changeFeedTokens.userId, userId));
  return row?.createdAt ?? null;
}

/**
 * The reader a feed token belongs to, while it is theirs and they are still subscribed (their licence,
 * if any, giving access, as the session reads it: ADR 035) and not suspended; otherwise null, and the
 * feed answers 404 as for any unknown address.
 */
export async function feedReader(token: string): Promise<{ userId: string; edition: Edition } | null> {
  if (!tokenPattern.test(token)) return null;
  const result = await getDb().execute<{
    id: string;
    country: number;
    is_subscribed: boolean;
    licence_status: string | null;
  }>(sql`
    select p.id, p.country, p.is_subscribed, l.status as licence_status from change_feed_tokens t
    join profiles p on p.id = t.user_id
    left join licenses l on l.license_id = p.license_id
    where t.token_hash = ${hashOf(token)}
      and not exists (select 1 from user_suspensions s where s.user_id = p.id)`);
  const row = result.rows[0];
  if (!row || !profileHasAccess(row.is_subscribed, row.licence_status)) return null;
  return { userId: row.id, edition: row.country === 2 ? 2 : 1 };
}
