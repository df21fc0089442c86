import "server-only";

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { and, desc, eq, isNull, sql } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { apiKeys, licences } from "@/db/schema";
import { consumeRateLimits } from "@/lib/security/rate-limit";
import { grantsAccess } from "@/lib/subscription-status";

import { ApiProblem } from "./problem";

/**
 * API keys (ADR 200): `ts_live_` + a 12-hex-digit public id + `_` + 32 random bytes (base64url). The
 * public id finds the key and names it in lists; the SHA-256 of the whole key is all that is stored,
 * compared in constant time. A key reads its licence's data and nothing else.
 */
const keyPattern = /^ts_live_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

/** Anything that looks like one of our keys, wherever it appears (a query string, a log line). */
export const keyLike = /ts_live_[0-9a-f]{12}_/;

const hashOf = (key: string) => createHash("sha256").update(key).digest();

/** The start of a key, from its public id: how lists name it. */
const prefixOf = (publicId: string) => `ts_live_${publicId}…`;

/** What a licence admin sees of a key: never the key itself, which is shown once when made. */
export type ApiKeySummary = {
  id: string;
  name: string;
  /** The start of the key, enough to tell which one a system uses: `ts_live_3f9c0a1b2c4d…`. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** Calls the key has made. */
  requestCount: number;
  perMinute: number;
  perDay: number;
};

export const maxKeysPerLicence = 20;

/** A key's allowance: requests a minute and a day. */
export type KeyLimits = { perMinute: number; perDay: number };

/** Makes a key for the licence and gives it whole: the only time it is ever seen. */
export async function createApiKey(
  licenceId: string,
  createdBy: string | null,
  name: string,
  limits: Partial<KeyLimits> = {},
): Promise<{ key: string; summary: ApiKeySummary }> {
  const publicId = randomBytes(6).toString("hex");
  const key = `ts_live_${publicId}_${randomBytes(32).toString("base64url")}`;
  const row = await getDb().transaction(async (tx) => {
    // Counted under a lock on the licence, so two admins at once cannot pass the cap.
    await tx.execute(sql`select 1 from licenses where license_id = ${licenceId} for update`);
    const [{ live }] = (
      await tx.execute<{ live: number }>(
        sql`select count(*)::int as live from api_keys where license_id = ${licenceId} and revoked_at is null`,
      )
    ).rows as [{ live: number }];
    if (live >= maxKeysPerLicence)
      throw new ApiKeyLimitReached(
        `A licence may have ${maxKeysPerLicence} keys in use: revoke one you no longer need first.`,
      );
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        licenceId,
        name,
        publicId,
        secretHash: hashOf(key).toString("hex"),
        createdBy,
        ...limits,
      })
      .returning();
    return inserted!;
  });
  return { key, summary: summaryOf(row) };
}

export class ApiKeyLimitReached extends Error {}

function summaryOf(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: prefixOf(row.publicId),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    requestCount: row.requestCount,
    perMinute: row.perMinute,
    perDay: row.perDay,
  };
}

/** The licence's keys, those in use first, newest first. */
export async function listApiKeys(licenceId: string): Promise<ApiKeySummary[]> {
  const rows = await getDb()
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.licenceId, licenceId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt));
  return rows.map(summaryOf);
}

/** Revokes one of the licence's keys: its next call is refused. False when the licence has no such key in use. */
export async function revokeApiKey(licenceId: string, keyId: string): Promise<boolean> {
  const revoked = await getDb()
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.licenceId, licenceId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/**
 * Gives one of the licence's keys in use a new allowance (ADR 220), from its next call: the counts in
 * the current minute and day are kept. The key's row is locked, so the limits returned as before are
 * the ones replaced. Null when the licence has no such key in use.
 */
export async function setApiKeyLimits(
  tx: Transaction,
  licenceId: string,
  keyId: string,
  limits: KeyLimits,
): Promise<{ name: string; prefix: string; before: KeyLimits } | null> {
  const [row] = await tx
    .select({
      name: apiKeys.name,
      publicId: apiKeys.publicId,
      perMinute: apiKeys.perMinute,
      perDay: apiKeys.perDay,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.licenceId, licenceId), isNull(apiKeys.revokedAt)))
    .for("update");
  if (!row) return null;
  await tx.update(apiKeys).set(limits).where(eq(apiKeys.id, keyId));
  return {
    name: row.name,
    prefix: prefixOf(row.publicId),
    before: { perMinute: row.perMinute, perDay: row.perDay },
  };
}

/** Who a call is from: the key and its licence. */
export type ApiCaller = { keyId: string; licenceId: string };

const bearer = /^Bearer\s+(\S+)\s*$/i;

/**
 * The caller of an API request, from its `Authorization: Bearer` header alone (a session cookie is
 * not read), counted against the key's allowance. Refused (401) without a key, with an unknown or
 * revoked one; (403) when the licence's subscription no longer gives access; (429, with the seconds
 * to wait) past the key's requests a minute or a day.
 */
export async function authenticateApiCall(
  authorization: string | null,
  now = new Date(),
): Promise<ApiCaller> {
  const given = authorization?.match(bearer)?.[1];
  if (!given) throw new ApiProblem("unauthorized", "Send your API key as `Authorization: Bearer <key>`.");
  const publicId = given.match(keyPattern)?.[1];
  const [row] = publicId
    ? await getDb()
        .select({
          id: apiKeys.id,
          licenceId: apiKeys.licenceId,
          secretHash: apiKeys.secretHash,
          revokedAt: apiKeys.revokedAt,
          perMinute: apiKeys.perMinute,
          perDay: apiKeys.perDay,
          licenceStatus: licences.status,
        })
        .from(apiKeys)
        .innerJoin(licences, eq(licences.licenceId, apiKeys.licenceId))
        .where(eq(apiKeys.publicId, publicId))
    : [];
  // The hash is compared, in constant time, even for an unknown id, so the answer takes as long.
  const stored = Buffer.from(row?.secretHash ?? "0".repeat(64), "hex");
  const matches = timingSafeEqual(stored, hashOf(given)) && row !== undefined;
  if (!row || !matches || row.revokedAt !== null)
    throw new ApiProblem("unauthorized", "This API key is not valid: it is unknown or has been revoked.");
  if (!grantsAccess(row.licenceStatus))
    throw new ApiProblem(
      "subscription_required",
      "The licence this key belongs to has no active subscription.",
    );
  const decision = await consumeRateLimits(
    [
      { key: `api:minute:${row.id}`, rule: { max: row.perMinute, windowSeconds: 60 } },
      { key: `api:day:${row.id}`, rule: { max: row.perDay, windowSeconds: 24 * 60 * 60 } },
    ],
    now,
  );
  if (!decision.allowed)
    throw new ApiProblem(
      "rate_limited",
      `This key has made its allowed requests (${row.perMinute} a minute, ${row.perDay} a day). Try again in ${decision.retryAfterSeconds} seconds.`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
  await getDb()
    .update(apiKeys)
    .set({ lastUsedAt: now, requestCount: sql`${apiKeys.requestCount} + 1` })
    .where(eq(apiKeys.id, row.id));
  return { keyId: row.id, licenceId: row.licenceId };
}
