import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { profiles, watchlists } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/session";

type Reader = Pick<ReturnType<typeof getDb>, "select">;

/** Who may do what with one watchlist, decided from the session's user and the owner's licence today. */
export type WatchlistAccess = {
  id: string;
  ownerId: string;
  name: string;
  shared: boolean;
  isOwner: boolean;
  canChange: boolean;
};

/**
 * The rule (ADR 055): a user sees their own watchlists and the shared ones of users on their licence;
 * they change their own, and a licence admin also changes the shared ones of their licence.
 */
export function accessOf(
  user: Pick<CurrentUser, "id" | "licenceId" | "admin">,
  row: { ownerId: string; shared: boolean; ownerLicenceId: string | null },
): { visible: boolean; canChange: boolean } {
  const isOwner = row.ownerId === user.id;
  const onSameLicence = user.licenceId !== null && row.ownerLicenceId === user.licenceId;
  const sharedHere = row.shared && onSameLicence;
  return { visible: isOwner || sharedHere, canChange: isOwner || (sharedHere && user.admin) };
}

/**
 * The watchlist with this id as `user` may see it. One they may not see is "not found", never
 * "forbidden", so ids of other users' lists reveal nothing. `lock` holds the row until the
 * transaction ends, so two changes to one list (its item count) happen one after the other.
 */
export async function findWatchlist(
  reader: Reader,
  user: CurrentUser,
  watchlistId: string,
  options: { forChange?: boolean; lock?: boolean } = {},
): Promise<WatchlistAccess> {
  const query = reader
    .select({
      id: watchlists.id,
      ownerId: watchlists.ownerId,
      name: watchlists.name,
      shared: watchlists.shared,
      ownerLicenceId: profiles.licenceId,
    })
    .from(watchlists)
    .innerJoin(profiles, eq(profiles.id, watchlists.ownerId))
    .where(eq(watchlists.id, watchlistId));
  const [row] = await (options.lock ? query.for("update", { of: watchlists }) : query);
  const access = row ? accessOf(user, row) : null;
  if (!row || !access?.visible) throw new AppError("not_found", "We could not find that watchlist.");
  if (options.forChange && !access.canChange)
    throw new AppError("forbidden", "Only the watchlist's owner and your licence admin can change it.");
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    shared: row.shared,
    isOwner: row.ownerId === user.id,
    canChange: access.canChange,
  };
}

/** The condition, in SQL over `watchlists` aliased `w` and its owner's profile `o`, of `accessOf().visible`. */
export function visibleTo(user: Pick<CurrentUser, "id" | "licenceId">) {
  return user.licenceId
    ? sql`(w.owner_id = ${user.id} or (w.shared and o.license_id = ${user.licenceId}))`
    : sql`w.owner_id = ${user.id}`;
}
