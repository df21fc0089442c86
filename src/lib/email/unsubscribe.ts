import "server-only";

import { and, eq, isNotNull, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { emailPreferences } from "@/db/schema";
import { site } from "@/lib/site";

import { appUrl } from "./config";
import { normaliseAddress, signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

export const unsubscribePagePath = "/account-management/unsubscribe";
export const unsubscribeApiPath = "/api/email/unsubscribe";

/** The link for the e-mail's footer (a page with a button: a GET never changes anything). */
export function unsubscribeUrlFor(address: string): string {
  return `${appUrl()}${unsubscribePagePath}?token=${signUnsubscribeToken(address)}`;
}

/** RFC 2369 / RFC 8058 headers: mail clients POST the https link for their own "Unsubscribe" button. */
export function unsubscribeHeaders(address: string): Record<string, string> {
  const oneClick = `${appUrl()}${unsubscribeApiPath}?token=${signUnsubscribeToken(address)}`;
  return {
    "List-Unsubscribe": `<${oneClick}>, <mailto:${site.supportEmail}?subject=Unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Records the choice; repeating it keeps the first time (idempotent). */
export async function unsubscribe(address: string): Promise<void> {
  await getDb()
    .insert(emailPreferences)
    .values({ email: normaliseAddress(address), unsubscribedAt: new Date() })
    .onConflictDoUpdate({
      target: emailPreferences.email,
      set: { unsubscribedAt: sql`coalesce(${emailPreferences.unsubscribedAt}, excluded.unsubscribed_at)` },
    });
}

/** Unsubscribes the address a token was made for; null (and no change) for a bad token. */
export async function unsubscribeWithToken(token: string | null | undefined): Promise<string | null> {
  const address = verifyUnsubscribeToken(token);
  if (address) await unsubscribe(address);
  return address;
}

export async function isUnsubscribed(address: string): Promise<boolean> {
  const rows = await getDb()
    .select({ email: emailPreferences.email })
    .from(emailPreferences)
    .where(
      and(eq(emailPreferences.email, normaliseAddress(address)), isNotNull(emailPreferences.unsubscribedAt)),
    )
    .limit(1);
  return rows.length > 0;
}
