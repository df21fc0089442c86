import "server-only";

import { sql } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { AppError } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { consumeRateLimit } from "@/lib/security/rate-limit";

/**
 * What one user and one licence may send to the margin check (ADR 166): uploads per user in any
 * hour, lines checked per licence in any 24 hours, and uploads a licence keeps.
 */
export type MarginLimits = { uploadsPerHour: number; linesPerDay: number; uploadsKept: number };

export function marginLimits(): MarginLimits {
  const env = getEnv();
  return {
    uploadsPerHour: env.MARGIN_UPLOADS_PER_HOUR,
    linesPerDay: env.MARGIN_LINES_PER_DAY,
    uploadsKept: env.MARGIN_UPLOADS_KEPT,
  };
}

type Owner = { licenceId: string; userId: string };

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
const count = (value: number) => value.toLocaleString("en-GB");

/** `12 minutes`, `1 minute`, `about 3 hours`. */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return `about ${Math.round(minutes / 60)} hours`;
}

type Runner = Pick<Transaction, "execute">;

async function uploadsThisHour(db: Runner, owner: Owner, limits: MarginLimits, now: Date) {
  const [row] = (
    await db.execute<{ uploads: number; oldest: string | null }>(sql`
      select count(*)::int as uploads, min(created_at)::text as oldest from margin_usage
      where user_id = ${owner.userId} and created_at > ${new Date(now.getTime() - hourMs).toISOString()}::timestamptz`)
  ).rows;
  if (row!.uploads < limits.uploadsPerHour) return;
  const freeAt = new Date(row!.oldest!).getTime() + hourMs;
  throw new AppError(
    "rate_limited",
    `You have sent ${count(row!.uploads)} price lists to the margin check in the last hour, the most ` +
      `allowed (${count(limits.uploadsPerHour)} an hour). Please try again in ${waitText(freeAt - now.getTime())}.`,
    { retryAfterSeconds: (freeAt - now.getTime()) / 1000 },
  );
}

async function uploadsKept(db: Runner, owner: Owner, limits: MarginLimits) {
  const [row] = (
    await db.execute<{ kept: number }>(
      sql`select count(*)::int as kept from margin_uploads where license_id = ${owner.licenceId}`,
    )
  ).rows;
  if (row!.kept < limits.uploadsKept) return;
  throw new AppError(
    "rate_limited",
    `Your licence keeps ${count(row!.kept)} margin-check uploads, the most allowed. Delete one you no ` +
      `longer need, then check this file again.`,
  );
}

async function linesToday(db: Runner, owner: Owner, lines: number, limits: MarginLimits, now: Date) {
  if (lines > limits.linesPerDay)
    throw new AppError(
      "rate_limited",
      `A licence may have ${count(limits.linesPerDay)} lines checked a day; this file has ${count(lines)}. ` +
        `Please check it in smaller parts.`,
    );
  const uploads = (
    await db.execute<{ lines: number; at: string }>(sql`
      select lines, created_at::text as at from margin_usage
      where license_id = ${owner.licenceId} and lines > 0
        and created_at > ${new Date(now.getTime() - dayMs).toISOString()}::timestamptz
      order by created_at`)
  ).rows;
  let used = uploads.reduce((sum, upload) => sum + upload.lines, 0);
  if (used + lines <= limits.linesPerDay) return;
  const total = used;
  // When enough of the day's uploads have left the 24 hours for these lines to fit.
  let freeAt = now.getTime();
  for (const upload of uploads) {
    used -= upload.lines;
    freeAt = new Date(upload.at).getTime() + dayMs;
    if (used + lines <= limits.linesPerDay) break;
  }
  throw new AppError(
    "rate_limited",
    `Your licence has had ${count(total)} lines checked in the last 24 hours; this file's ${count(lines)} ` +
      `would pass its limit of ${count(limits.linesPerDay)} a day. Please try again in ` +
      `${waitText(freeAt - now.getTime())}, or check a smaller file.`,
    { retryAfterSeconds: (freeAt - now.getTime()) / 1000 },
  );
}

/**
 * Refuses (429) an upload the user's hourly allowance or the licence's kept uploads leave no room
 * for, before its file is read. Counts nothing: `admitUpload` does, once the lines are known.
 */
export async function checkUploadAllowance(
  owner: Owner,
  limits = marginLimits(),
  now = new Date(),
): Promise<void> {
  const db = getDb();
  await uploadsThisHour(db, owner, limits, now);
  await uploadsKept(db, owner, limits);
}

/**
 * Admits an upload of `lines` lines, or refuses it (429) with what limit it meets and when to try
 * again: at most `uploadsPerHour` per user in any hour, `linesPerDay` lines per licence in any 24
 * hours, `uploadsKept` uploads kept. The licence's uploads are counted and recorded under a lock of
 * its own, so uploads sent at once cannot pass a limit together. An admitted upload counts even if
 * nothing then comes of it.
 */
export async function admitUpload(
  owner: Owner,
  lines: number,
  limits = marginLimits(),
  now = new Date(),
): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockLicence(tx, owner.licenceId);
    await uploadsThisHour(tx, owner, limits, now);
    await uploadsKept(tx, owner, limits);
    await linesToday(tx, owner, lines, limits, now);
    await tx.execute(sql`
      insert into margin_usage (license_id, user_id, lines, created_at)
      values (${owner.licenceId}, ${owner.userId}, ${lines}, ${now.toISOString()}::timestamptz)`);
  });
}

/** Holds the licence's margin-check lock until the transaction ends. */
export async function lockLicence(tx: Runner, licenceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`margins:${licenceId}`}, 0))`);
}

/**
 * Refuses (429) a save that would leave the licence keeping more uploads than allowed: checked
 * again inside the save's transaction, under the licence's lock, for uploads admitted at once.
 */
export async function assertRoomToKeep(tx: Runner, owner: Owner, limits = marginLimits()): Promise<void> {
  await lockLicence(tx, owner.licenceId);
  await uploadsKept(tx, owner, limits);
}

/**
 * Counts a file's columns read before it is mapped: reading costs as much as an upload, so a user
 * may do it four times as often as `uploadsPerHour`.
 */
export async function countPreview(owner: Owner, limits = marginLimits()): Promise<void> {
  const decision = await consumeRateLimit(`margins:preview:${owner.userId}`, {
    max: limits.uploadsPerHour * 4,
    windowSeconds: 3600,
  });
  if (!decision.allowed)
    throw new AppError(
      "rate_limited",
      `Too many files read for the margin check. Please wait ${waitText(decision.retryAfterSeconds * 1000)}.`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
}
