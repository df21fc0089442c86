import "server-only";

import { and, asc, count, eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { profiles, watchlistAlertPreferences, watchlistItems, watchlists } from "@/db/schema";
import { defineAction as define } from "@/lib/define-action";
import { AppError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/session";

import { findWatchlist } from "./access";
import {
  defaultWatchlistName,
  duplicateNameMessage,
  maxItemsPerWatchlist,
  maxWatchlistsPerUser,
  tooManyItemsMessage,
  tooManyWatchlistsMessage,
} from "./limits";
import type { PackKind } from "./schemas";
import { existingPacks, packExists } from "./queries";
import {
  addItemSchema,
  addItemsSchema,
  alertPreferencesSchema,
  createWatchlistSchema,
  removeItemSchema,
  renameWatchlistSchema,
  shareWatchlistSchema,
  watchlistIdSchema,
} from "./schemas";

/**
 * The watchlist actions as plain definitions: `actions.ts` makes each a server action, tests run
 * them as any user. Every one needs a subscriber, and finds the list through `findWatchlist`, so
 * an id from the browser reaches only a list its user may see or change (ADR 055).
 */

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A new watchlist of `user`'s, within their allowance; the caller's transaction holds their profile row. */
/** Holds the user's profile row until the transaction ends: their lists change one change at a time. */
async function lockOwner(tx: Transaction, user: CurrentUser): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user.id)).for("update");
}

async function insertWatchlist(tx: Transaction, user: CurrentUser, name: string): Promise<string> {
  // Two creations at once are counted one after the other.
  await lockOwner(tx, user);
  const [owned] = await tx.select({ n: count() }).from(watchlists).where(eq(watchlists.ownerId, user.id));
  if ((owned?.n ?? 0) >= maxWatchlistsPerUser) throw new AppError("conflict", tooManyWatchlistsMessage);
  const [clash] = await tx
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(and(eq(watchlists.ownerId, user.id), sql`lower(${watchlists.name}) = lower(${name})`));
  if (clash) throw new AppError("conflict", duplicateNameMessage);
  const [created] = await tx
    .insert(watchlists)
    .values({ ownerId: user.id, name })
    .returning({ id: watchlists.id });
  return created!.id;
}

export const createWatchlist = define(
  { name: "watchlists.create", schema: createWatchlistSchema, access: "subscriber" },
  async ({ name }, { user }) => {
    const id = await getDb().transaction((tx) => insertWatchlist(tx, user, name));
    return { watchlistId: id };
  },
);

export const renameWatchlist = define(
  { name: "watchlists.rename", schema: renameWatchlistSchema, access: "subscriber" },
  async ({ watchlistId, name }, { user }) => {
    const found = await findWatchlist(getDb(), user, watchlistId, { forChange: true });
    try {
      await getDb()
        .update(watchlists)
        .set({ name, updatedAt: new Date() })
        .where(eq(watchlists.id, found.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", duplicateNameMessage);
      throw error;
    }
    return { watchlistId: found.id, name };
  },
);

export const shareWatchlist = define(
  { name: "watchlists.share", schema: shareWatchlistSchema, access: "subscriber" },
  async ({ watchlistId, shared }, { user }) => {
    const found = await findWatchlist(getDb(), user, watchlistId, { forChange: true });
    // Only the owner shares or unshares: an admin who could unshare a member's list would lose sight of it.
    if (!found.isOwner) throw new AppError("forbidden", "Only the watchlist's owner can share it.");
    if (shared && !user.licenceId)
      throw new AppError("conflict", "You are not on a licence, so there is no one to share with.");
    await getDb()
      .update(watchlists)
      .set({ shared, updatedAt: new Date() })
      .where(eq(watchlists.id, found.id));
    return { watchlistId: found.id, shared };
  },
);

export const deleteWatchlist = define(
  { name: "watchlists.delete", schema: watchlistIdSchema, access: "subscriber" },
  async ({ watchlistId }, { user }) => {
    const found = await findWatchlist(getDb(), user, watchlistId, { forChange: true });
    await getDb().delete(watchlists).where(eq(watchlists.id, found.id));
    return { watchlistId: found.id };
  },
);

export const addToWatchlist = define(
  { name: "watchlists.add-item", schema: addItemSchema, access: "subscriber" },
  async ({ watchlistId, kind, code }, { user }) => {
    if (!(await packExists(kind, code))) throw new AppError("not_found", "We could not find that pack.");
    const result = await insertItems(user, watchlistId, kind, [code]);
    return { watchlistId: result.watchlistId, watchlistName: result.watchlistName, added: result.added > 0 };
  },
);

/**
 * Puts packs on a watchlist the user may change (without one, their first own list, made if they
 * have none), in one transaction holding the list's row: packs already there are skipped, and if
 * the new ones would take it past the limit nothing is added.
 */
async function insertItems(
  user: CurrentUser,
  watchlistId: string | undefined,
  kind: PackKind,
  codes: string[],
) {
  return getDb().transaction(async (tx) => {
    let target = watchlistId;
    if (!target) {
      // Two first adds at once: the second waits here, then finds the list the first made.
      await lockOwner(tx, user);
      const [first] = await tx
        .select({ id: watchlists.id })
        .from(watchlists)
        .where(eq(watchlists.ownerId, user.id))
        .orderBy(asc(watchlists.createdAt), asc(watchlists.id))
        .limit(1);
      target = first?.id ?? (await insertWatchlist(tx, user, defaultWatchlistName));
    }
    const found = await findWatchlist(tx, user, target, { forChange: true, lock: true });
    const [items] = await tx
      .select({ n: count() })
      .from(watchlistItems)
      .where(eq(watchlistItems.watchlistId, found.id));
    const inserted = await tx
      .insert(watchlistItems)
      .values(codes.map((code) => ({ watchlistId: found.id, kind, code, addedBy: user.id })))
      .onConflictDoNothing()
      .returning({ id: watchlistItems.id });
    // Checked after the insert, so adding packs that are already there is never refused.
    if (inserted.length > 0 && (items?.n ?? 0) + inserted.length > maxItemsPerWatchlist)
      throw new AppError("conflict", tooManyItemsMessage);
    return { watchlistId: found.id, watchlistName: found.name, added: inserted.length };
  });
}

/** Where a watchlist reads each kind's prices: a code no month of it lists has nothing to follow. */
const kindSource: Record<PackKind, string> = {
  drug: "Part VIIIA",
  appliance: "Part IX",
  brand: "dm+d's branded packs",
};

/**
 * A list page's selected rows (or one row) onto a watchlist. Codes no month of the kind's source
 * lists (a concession's pack that Part VIIIA never listed, say) have no prices to follow: they are
 * left out and counted as `unlisted`; when that is every code, nothing is added (ADR 133).
 */
export const addManyToWatchlist = define(
  { name: "watchlists.add-items", schema: addItemsSchema, access: "subscriber" },
  async ({ watchlistId, kind, codes }, { user }) => {
    const unique = [...new Set(codes)];
    const known = new Set(await existingPacks(kind, unique));
    const listed = unique.filter((code) => known.has(code));
    if (listed.length === 0)
      throw new AppError(
        "not_found",
        `${unique.length === 1 ? "That pack is" : "Those packs are"} not in any month of ${kindSource[kind]}, so a watchlist has no prices to follow.`,
      );
    const result = await insertItems(user, watchlistId, kind, listed);
    return {
      ...result,
      already: listed.length - result.added,
      unlisted: unique.length - listed.length,
      source: kindSource[kind],
    };
  },
);

export const removeFromWatchlist = define(
  { name: "watchlists.remove-item", schema: removeItemSchema, access: "subscriber" },
  async ({ watchlistId, kind, code }, { user }) => {
    const found = await findWatchlist(getDb(), user, watchlistId, { forChange: true });
    const removed = await getDb()
      .delete(watchlistItems)
      .where(
        and(
          eq(watchlistItems.watchlistId, found.id),
          eq(watchlistItems.kind, kind),
          eq(watchlistItems.code, code),
        ),
      )
      .returning({ id: watchlistItems.id });
    return { watchlistId: found.id, removed: removed.length > 0 };
  },
);

export const saveAlertPreferences = define(
  { name: "watchlists.alert-preferences", schema: alertPreferencesSchema, access: "subscriber" },
  async ({ enabled, thresholdPercent, delivery, marginLosses }, { user }) => {
    // The user is the session's: no id comes from the browser.
    await getDb()
      .insert(watchlistAlertPreferences)
      .values({ userId: user.id, enabled, thresholdPercent, delivery, marginLosses })
      .onConflictDoUpdate({
        target: watchlistAlertPreferences.userId,
        set: { enabled, thresholdPercent, delivery, marginLosses, updatedAt: new Date() },
      });
    return { enabled, thresholdPercent, delivery, marginLosses };
  },
);
