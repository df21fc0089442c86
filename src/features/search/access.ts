import "server-only";

import { consumeRateLimit, type RateRule } from "@/lib/security/rate-limit";
import { AppError } from "@/lib/errors";
import { getCurrentUser, type CurrentUser } from "@/lib/session";

/**
 * Searches one user may send: typing sends at most a few a second, so this only stops a script
 * from reading the whole tariff through the search.
 */
export const searchRateRule: RateRule = { max: 120, windowSeconds: 60 };

/** A signed-in subscriber (401 without a session, 402 without a subscription), as every list's rows route requires. */
export async function requireSubscriberForApi(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) throw new AppError("unauthorized");
  if (!user.subscribed) throw new AppError("subscription_required");
  return user;
}

/** Counts a search against the user's allowance, refusing it (429) beyond. */
export async function countSearch(user: CurrentUser): Promise<void> {
  const decision = await consumeRateLimit(`search:user:${user.id}`, searchRateRule);
  if (!decision.allowed)
    throw new AppError(
      "rate_limited",
      `Too many searches. Please wait ${decision.retryAfterSeconds} seconds.`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
}
