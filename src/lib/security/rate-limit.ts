import "server-only";

import { asc, inArray, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";

export type RateRule = { max: number; windowSeconds: number };
export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `rule`.
 * One atomic upsert, so concurrent attempts (and several app instances) cannot slip past the limit.
 */
export async function consumeRateLimit(key: string, rule: RateRule, now = new Date()): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const restart = sql`${now.toISOString()}::timestamptz - ${rateLimits.windowStartedAt} >= ${`${windowMs} milliseconds`}::interval`;
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${restart} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${restart} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  const endsAt = row!.windowStartedAt.getTime() + windowMs;
  return {
    allowed: row!.count <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/**
 * Allows at most `rule.max` attempts in **any** span of `rule.windowSeconds`, not just within each
 * fixed window. A fixed window lets nearly twice the allowance through around its edge (all of one
 * window's at its end, all of the next's at its start); this one cannot be timed that way.
 *
 * The key holds `max` rows, one per allowed attempt, each with the time of that attempt. An attempt
 * is allowed when the oldest of them is at least a window old, and then takes its place. All rows are
 * locked in one transaction, so concurrent attempts (and several app instances) queue on them and
 * cannot both take the same place. Refused attempts are not recorded: waiting is all it takes.
 */
export async function consumeSlidingRateLimit(
  key: string,
  rule: RateRule,
  now = new Date(),
): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const places = Array.from({ length: rule.max }, (_, index) => `${key}#${index}`);
  return getDb().transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values(places.map((place) => ({ key: place, count: 0, windowStartedAt: new Date(0) })))
      .onConflictDoNothing();
    // Locked in key order (the same for everyone, so no deadlock); the oldest is chosen here, after
    // the locks are held, from the rows as the attempt before this one left them.
    const rows = await tx
      .select({ key: rateLimits.key, at: rateLimits.windowStartedAt })
      .from(rateLimits)
      .where(inArray(rateLimits.key, places))
      .orderBy(asc(rateLimits.key))
      .for("update");
    const oldest = rows.reduce((a, b) => (b.at.getTime() < a.at.getTime() ? b : a));
    const freeAt = oldest.at.getTime() + windowMs;
    if (freeAt > now.getTime())
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
    await tx
      .update(rateLimits)
      .set({ count: 1, windowStartedAt: now })
      .where(sql`${rateLimits.key} = ${oldest.key}`);
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/**
 * Every rule must allow the attempt. Rules are counted in order and counting stops at the first
 * refusal, so a refused attempt does not use up the allowance of the longer windows after it.
 */
export async function consumeRateLimits(
  limits: { key: string; rule: RateRule; sliding?: boolean }[],
  now = new Date(),
): Promise<RateDecision> {
  for (const { key, rule, sliding } of limits) {
    const decision = await (sliding ? consumeSlidingRateLimit : consumeRateLimit)(key, rule, now);
    if (!decision.allowed) return decision;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
