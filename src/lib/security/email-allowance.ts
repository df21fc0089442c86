import "server-only";

import { consumeRateLimits, type RateDecision } from "./rate-limit";

/**
 * Per-address limits on e-mails we send on request (codes, resets): one a minute and five an hour
 * (docs/security.md R6). Counted for every address asked about, known or not, so the limit reveals nothing.
 * The hour is any 60 minutes, not a clock or fixed window: with three tries per code, five codes cap
 * the guesses at a code at fifteen in every hour, however the requests are timed.
 */
export const emailAllowance = {
  cooldown: { max: 1, windowSeconds: 60 },
  hourly: { max: 5, windowSeconds: 60 * 60 },
} as const;

/** Codes and password-reset links are counted apart: asking for one does not delay the other. */
export type EmailPurpose = "code" | "reset";

export function consumeEmailAllowance(
  email: string,
  purpose: EmailPurpose,
  now = new Date(),
): Promise<RateDecision> {
  const address = email.trim().toLowerCase();
  return consumeRateLimits(
    [
      { key: `email:${purpose}:cooldown:${address}`, rule: emailAllowance.cooldown },
      { key: `email:${purpose}:hour:${address}`, rule: emailAllowance.hourly, sliding: true },
    ],
    now,
  );
}
