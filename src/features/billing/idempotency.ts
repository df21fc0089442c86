import "server-only";

import { createHash } from "node:crypto";

/**
 * An idempotency key for a create call to the payment provider (docs/security.md R23): the same request
 * within the same window of time gets the same key, so a double submit creates one object there and
 * both answers are the same. A later request, after the window, is a new one.
 */
export function idempotencyKey(kind: string, request: object, windowMs: number, now = Date.now()): string {
  const window = Math.floor(now / windowMs);
  const digest = createHash("sha256").update(JSON.stringify({ request, window })).digest("hex");
  return `${kind}-${digest}`;
}
