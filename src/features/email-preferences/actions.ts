"use server";

import { redirect } from "next/navigation";

import { unsubscribePagePath, unsubscribeWithToken } from "@/lib/email";
import { getLogger } from "@/lib/logger";

/**
 * The unsubscribe page's button. No session is needed: the signed token in the link is the authority,
 * and all it can do is stop non-essential mail to the address it was made for. Next.js checks the
 * Origin of server actions, so another site cannot press the button for someone.
 */
export async function unsubscribeAction(formData: FormData): Promise<void> {
  const token = formData.get("token");
  const email = await unsubscribeWithToken(typeof token === "string" ? token : null);
  if (email) getLogger().info({ recipientDomain: email.split("@").pop() }, "unsubscribed from e-mail");
  // Post/redirect/get: the page reads the stored choice and shows the confirmation (or the bad-link message).
  redirect(`${unsubscribePagePath}?token=${encodeURIComponent(typeof token === "string" ? token : "")}`);
}
