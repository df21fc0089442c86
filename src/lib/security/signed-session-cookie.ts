import { createHmac, timingSafeEqual } from "node:crypto";

import { parseCookies } from "better-call";

/**
 * The session token a request's signed session cookie carries, checked as Better Auth checks it
 * (`getSignedCookie`): the cookie named exactly `cookieName` (the first, when a request sends two),
 * its value `token.signature`, the signature the base64 HMAC-SHA-256 of the token under the auth
 * secret. Null without such a cookie or when the signature is not ours. Node's crypto makes the
 * HMAC at once, where Web Crypto imports the key again for every request (ADR 231).
 */
export function signedSessionToken(
  cookieHeader: string | null,
  cookieName: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader).get(cookieName);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
