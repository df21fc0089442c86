import "server-only";

import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { sharedAnswers } from "@/db/schema";
import { getLogger } from "@/lib/logger";

/**
 * Answers built once for every web process and machine (ADR 223). A process keeps what it builds
 * (`data-version-cache`), but each process used to build a real Part IX month's rows for itself:
 * several seconds of CPU, at once, in every process a deployment starts, just when traffic arrives.
 * Here the first process to ask claims the build in the database and keeps the bytes there; the
 * others wait for them, then read them. The data's version is part of the key, so an import makes
 * every answer new, and the first claim of a new version deletes the old version's rows.
 */

/** A claim older than this is a builder that died (its process stopped): another takes it over. */
const claimLifetime = "3 minutes";
/** How often a process waiting for another's build looks for it. */
const pollMs = 100;
/**
 * The longest a request waits for another's build before it builds the answer itself: longer than
 * a real Part IX month takes under load, far shorter than a claim's lifetime. A build that is
 * claimed but not coming (its process busy with builds it waits on in turn, or stuck) then costs a
 * build again, never a request that hangs.
 */
export const longestWaitMs = 15_000;
/** The most the shared answers of one version may hold, together: past it, a process builds its own. */
export const sharedAnswersBytes = 256 * 1024 * 1024;

type Bytes = Uint8Array<ArrayBuffer>;

const hashOf = (key: string) => createHash("sha256").update(key).digest("base64url");

/** The builds this process claimed ahead of making them (`claimSharedAnswers`): key hashes by version. */
const ownClaims = new Map<string, Set<string>>();

/**
 * Claims the builds of `keyHashes` at `version` (an insert only one process can make for each) and
 * returns those this process now holds. The first claims of a new version delete the old version's rows.
 */
async function claim(version: string, keyHashes: string[]): Promise<string[]> {
  const db = getDb();
  const claimed = await db
    .insert(sharedAnswers)
    .values(keyHashes.map((keyHash) => ({ version, keyHash })))
    .onConflictDoNothing()
    .returning({ keyHash: sharedAnswers.keyHash });
  if (claimed.length > 0) await db.delete(sharedAnswers).where(ne(sharedAnswers.version, version));
  return claimed.map((row) => row.keyHash);
}

/**
 * What `build` gives for `key` at data `version`, built by one process across them all: the
 * process that claims it builds it and keeps it in the database; a process that finds it claimed
 * waits for it. A failed build gives its claim back, so the next asker builds it.
 */
export async function sharedAnswer(
  version: string,
  key: string,
  build: () => Promise<Bytes>,
  waitMs = longestWaitMs,
): Promise<Bytes> {
  const db = getDb();
  const keyHash = hashOf(key);
  const here = and(eq(sharedAnswers.version, version), eq(sharedAnswers.keyHash, keyHash));
  const giveUpAt = performance.now() + waitMs;
  for (;;) {
    if (ownClaims.get(version)?.delete(keyHash)) return buildAndKeep(version, keyHash, build);
    const [found] = await db.select({ bytes: sharedAnswers.bytes }).from(sharedAnswers).where(here);
    if (found?.bytes) return copyOf(found.bytes);
    if (!found) {
      if (await isFull(version)) return build();
      if ((await claim(version, [keyHash])).length > 0) return buildAndKeep(version, keyHash, build);
      continue; // another process claimed it in between: wait for it as for any claim
    }
    const takenOver = await db
      .update(sharedAnswers)
      .set({ claimedAt: sql`now()` })
      .where(
        and(
          here,
          isNull(sharedAnswers.bytes),
          sql`${sharedAnswers.claimedAt} < now() - ${claimLifetime}::interval`,
        ),
      )
      .returning({ version: sharedAnswers.version });
    if (takenOver.length > 0) return buildAndKeep(version, keyHash, build);
    if (performance.now() >= giveUpAt) {
      getLogger().warn(
        { version, keyHash, waitedMs: waitMs },
        "A shared answer was claimed but not built in time; building it here",
      );
      return buildAndKeep(version, keyHash, build);
    }
    await sleep(pollMs);
  }
}

/**
 * Claims the builds of `keys` at `version` for this process, all at once, before it makes them one
 * after another with `sharedAnswer`: the process that has just given the data a new version (an
 * import) claims every answer the first, so the serving processes wait for its builds rather than
 * each start its own as requests arrive. A key another process holds already is left to it.
 * `releaseSharedClaims` gives back what was claimed but not built.
 */
export async function claimSharedAnswers(version: string, keys: string[]): Promise<number> {
  if (keys.length === 0 || (await isFull(version))) return 0;
  const claimed = await claim(version, [...new Set(keys.map(hashOf))]);
  const held = ownClaims.get(version) ?? new Set<string>();
  for (const keyHash of claimed) held.add(keyHash);
  ownClaims.set(version, held);
  return claimed.length;
}

/**
 * Shares `bytes`, which this process had kept already, as the answer to `key` at `version` if it
 * still holds that build's claim: a list's rows outlive the data's version (ADR 230), so a process
 * may claim a build it then finds kept. Shared at once, the others waiting for it get it now; held
 * until `releaseSharedClaims`, they would wait for this process's other builds, and it for theirs.
 */
export async function shareIfClaimed(version: string, key: string, bytes: Bytes): Promise<void> {
  const keyHash = hashOf(key);
  if (ownClaims.get(version)?.delete(keyHash)) await buildAndKeep(version, keyHash, async () => bytes);
}

/**
 * Gives back this process's claims at `version` that it has not built (a build failed, or the
 * answer was already kept here): the next asker builds them, rather than wait for the claim to age.
 */
export async function releaseSharedClaims(version: string): Promise<void> {
  const keyHashes = [...(ownClaims.get(version) ?? [])];
  ownClaims.delete(version);
  if (keyHashes.length === 0) return;
  await getDb()
    .delete(sharedAnswers)
    .where(
      and(
        eq(sharedAnswers.version, version),
        inArray(sharedAnswers.keyHash, keyHashes),
        isNull(sharedAnswers.bytes),
      ),
    );
}

async function buildAndKeep(version: string, keyHash: string, build: () => Promise<Bytes>): Promise<Bytes> {
  const db = getDb();
  const here = and(eq(sharedAnswers.version, version), eq(sharedAnswers.keyHash, keyHash));
  let bytes: Bytes;
  try {
    bytes = await build();
  } catch (error) {
    await db
      .delete(sharedAnswers)
      .where(and(here, isNull(sharedAnswers.bytes)))
      .catch(() => undefined);
    throw error;
  }
  try {
    await db.update(sharedAnswers).set({ bytes }).where(here);
  } catch (error) {
    // The answer is good; only sharing it failed. The others take the claim over when it ages.
    getLogger().warn({ err: error }, "Could not keep a built answer for the other processes");
  }
  return bytes;
}

/** Whether the answers kept for `version` have reached `sharedAnswersBytes`. */
async function isFull(version: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ held: sql<string>`coalesce(sum(octet_length(${sharedAnswers.bytes})), 0)::text` })
    .from(sharedAnswers)
    .where(eq(sharedAnswers.version, version));
  return Number(row?.held ?? 0) >= sharedAnswersBytes;
}

/** The bytes in a buffer of their own (the driver's may be a view of a larger one). */
function copyOf(bytes: Uint8Array): Bytes {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}
