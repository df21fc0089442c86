import { NextResponse } from "next/server";

import { unsubscribePagePath, unsubscribeWithToken } from "@/lib/email";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import { handleRoute } from "@/lib/route";

export const dynamic = "force-dynamic";

function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("token");
}

/**
 * RFC 8058 one-click unsubscribe, posted by mail clients from the `List-Unsubscribe` header.
 * Deliberately without the Origin check of our other state-changing routes: a mail provider's server
 * posts it, and the signed token is the authority. Repeating it is harmless.
 */
export const POST = handleRoute("email.unsubscribe", async (request) => {
  const email = await unsubscribeWithToken(tokenOf(request));
  if (!email) throw new AppError("validation", "This unsubscribe link is not valid.");
  getLogger().info({ recipientDomain: email.split("@").pop(), oneClick: true }, "unsubscribed from e-mail");
  return NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
});

/** Someone who opens the header's link in a browser gets the page with its button: a GET changes nothing. */
export function GET(request: Request) {
  const page = new URL(unsubscribePagePath, getEnv().APP_URL);
  page.searchParams.set("token", tokenOf(request) ?? "");
  return NextResponse.redirect(page, 303);
}
