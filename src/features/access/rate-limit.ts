import "server-only";

import { sql } from "drizzle-orm";

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
 * Every rule must allow the attempt. Rules are counted in order and counting stops at the first
 * refusal, so a refused attempt does not use up the allowance of the longer windows after it.
 */
export async function consumeRateLimits(
  limits: { key: string; rule: RateRule }[],
  now = new Date(),
): Promise<RateDecision> {
  for (const { key, rule } of limits) {
    const decision = await consumeRateLimit(key, rule, now);
    if (!decision.allowed) return decision;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
