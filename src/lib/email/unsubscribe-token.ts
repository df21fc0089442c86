import "server-only";

import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * One-click unsubscribe tokens: `base64url(address) "." base64url(HMAC-SHA256(key, address))` over the
 * lower-cased address. The address travels in the token so a link needs no database lookup and no other
 * parameter; the MAC makes it unforgeable. Tokens never expire: an unsubscribe link in an old e-mail
 * must keep working (RFC 8058 expects that), and all it can do is stop non-essential mail.
 */

const devKey = "tariffscope-development-unsubscribe-key";
// Longest address (RFC 5321: 254) in base64url, a dot and a 43-character MAC, with room to spare.
const maxTokenLength = 512;

function signingKey(): Buffer {
  const secret = process.env.BETTER_AUTH_SECRET;
  if (!secret && process.env.NODE_ENV === "production") {
    throw new Error("BETTER_AUTH_SECRET must be set: it signs the unsubscribe links in e-mails.");
  }
  // A key derived for this one purpose, so the MAC can never be confused with another use of the secret.
  return createHmac("sha256", secret || devKey)
    .update("tariffscope:email-unsubscribe:v1")
    .digest();
}

export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

export function signUnsubscribeToken(address: string): string {
  const normalised = normaliseAddress(address);
  const mac = createHmac("sha256", signingKey()).update(normalised, "utf8").digest("base64url");
  return `${Buffer.from(normalised, "utf8").toString("base64url")}.${mac}`;
}

/** The address a token was issued for, or null for anything not issued by us (tampered, truncated, forged). */
export function verifyUnsubscribeToken(token: string | null | undefined): string | null {
  if (typeof token !== "string" || token.length > maxTokenLength) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const address = Buffer.from(token.slice(0, dot), "base64url").toString("utf8");
  // Re-sign and compare the whole token: this also refuses non-canonical encodings of the same address.
  const expected = Buffer.from(signUnsubscribeToken(address), "utf8");
  const given = Buffer.from(token, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return normaliseAddress(address);
}
