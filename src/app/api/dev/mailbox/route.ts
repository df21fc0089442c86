import { NextResponse } from "next/server";

import { isMailboxEnabled, readOutbox } from "@/lib/email";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";

export const dynamic = "force-dynamic";

/**
 * The dev outbox as JSON for browser tests: `GET /api/dev/mailbox?to=ADDRESS`, one address's
 * messages only (never everyone's). 404 unless the outbox is on.
 */
export const GET = handleRoute("dev.mailbox", async (request) => {
  if (!isMailboxEnabled()) throw new AppError("not_found");
  const params = new URL(request.url).searchParams;
  const to = params.get("to")?.trim();
  if (!to) throw new AppError("validation", "Name the recipient: /api/dev/mailbox?to=ADDRESS.");
  const messages = await readOutbox({
    to,
    limit: Number(params.get("limit")) || undefined,
  });
  return NextResponse.json(
    {
      messages: messages.map(({ id, to, subject, text, html, headers, createdAt }) => ({
        id,
        to,
        subject,
        text,
        html,
        headers,
        createdAt: createdAt.toISOString(),
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});
