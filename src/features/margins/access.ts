import "server-only";

import { AppError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/session";

import type { MarginOwner } from "./queries";

/**
 * Whose margin check a request reads and writes: the signed-in subscriber's licence, from the
 * session alone (401 without one, 402 without a subscription, 403 without a licence).
 */
export function marginOwnerOf(user: CurrentUser | null): MarginOwner {
  if (!user) throw new AppError("unauthorized");
  if (!user.subscribed) throw new AppError("subscription_required");
  if (!user.licenceId)
    throw new AppError("forbidden", "The margin check belongs to a licence; yours has none.");
  return { licenceId: user.licenceId, userId: user.id, edition: user.edition };
}
