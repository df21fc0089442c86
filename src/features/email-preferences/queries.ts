import "server-only";

import { isUnsubscribed, verifyUnsubscribeToken } from "@/lib/email";

export type UnsubscribeState =
  { status: "invalid" } | { status: "subscribed" | "unsubscribed"; email: string };

/** What the unsubscribe page shows for a link's token. Reading it never changes anything. */
export async function getUnsubscribeState(token: string | undefined): Promise<UnsubscribeState> {
  const email = verifyUnsubscribeToken(token);
  if (!email) return { status: "invalid" };
  return { status: (await isUnsubscribed(email)) ? "unsubscribed" : "subscribed", email };
}
