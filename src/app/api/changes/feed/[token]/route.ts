import { changesFeedFor } from "@/features/changes/feed";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";

export const dynamic = "force-dynamic";

/**
 * A subscriber's private Atom feed of changes (ADR 118), for feed readers and e-mail tools that
 * cannot sign in: the token in the address stands in for the session. An unknown or revoked token,
 * or one whose user is no longer subscribed, is answered 404 like any address that does not exist.
 * Its Referrer-Policy is next.config.ts's, which would override one set here.
 */
export const GET = handleRoute(
  "changes.feed",
  async (_request, { params }: { params: Promise<{ token: string }> }) => {
    const { token } = await params;
    const feed = await changesFeedFor(token);
    if (feed === null) throw new AppError("not_found");
    return new Response(feed, {
      headers: {
        "content-type": "application/atom+xml; charset=utf-8",
        "cache-control": "private, max-age=300",
        "x-robots-tag": "noindex",
      },
    });
  },
);
