import { NextResponse } from "next/server";

import { isMailboxEnabled, readOutbox } from "@/lib/email";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";

export const dynamic = "force-dynamic";

/** The dev outbox as JSON for browser tests: `GET /api/dev/mailbox?to=ADDRESS`. 404 unless the outbox is on. */
export const GET = handleRoute("dev.mailbox", async (request) => {
  if (!isMailboxEnabled()) throw new AppError("not_found");
  const params = new URL(request.url).searchParams;
  const messages = await readOutbox({
    to: params.get("to") ?? undefined,
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
