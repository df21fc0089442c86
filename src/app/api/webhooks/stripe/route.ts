import { NextResponse } from "next/server";

import { receiveWebhook } from "@/features/billing/webhook";
import { handleRoute, readBodyBytes } from "@/lib/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Larger than any event Stripe sends; a bigger body is not Stripe, and is refused before it is read. */
const maxBodyBytes = 512 * 1024;

/**
 * Stripe calls this server to server: no cookies, no Origin check, and nothing but a valid signature
 * on the raw body makes it do anything, so it cannot be used as a cookie-authenticated mutation.
 */
export const POST = handleRoute("webhooks.stripe", async (request) => {
  const rawBody = await readBodyBytes(request, maxBodyBytes);
  const { status, body } = await receiveWebhook(rawBody, request.headers.get("stripe-signature"));
  return NextResponse.json(body, { status });
});
