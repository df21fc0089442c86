import { isListId } from "@/features/tariff/lists";
import {
  listRowsEtag,
  listRowsGzip,
  resolveListView,
  rowsEditionMismatch,
} from "@/features/tariff/list-view";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/** Whether `If-None-Match` names this entity tag (a proxy that compresses may have weakened it). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  (ifNoneMatch ?? "").split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);

/**
 * The rows a list page shows, fetched by the page's table (ADR 013). The same checks as the page:
 * a signed-in subscriber, whose edition comes from the session, never from the URL: a URL naming
 * another edition is refused (409), so a table can never show one edition's rows under the other's
 * heading. `month`, `searchTerm` and the filters are read exactly as the page reads them.
 *
 * The body is the rows' JSON as a gzip file (`application/gzip`), compressed once per data version
 * and unpacked by the table: Next.js drops a route's own `Content-Encoding` and would compress the
 * JSON again on every request (400 ms of CPU for a real Part IX month). Answered 304 while the
 * browser's copy is current.
 */
export const GET = handleRoute(
  "lists.rows",
  async (request, { params }: { params: Promise<{ id: string }> }) => {
    const user = await getCurrentUser();
    if (!user) throw new AppError("unauthorized");
    if (!user.subscribed) throw new AppError("subscription_required");
    const { id } = await params;
    if (!isListId(id)) throw new AppError("not_found");

    const search = Object.fromEntries(new URL(request.url).searchParams);
    const view = await resolveListView(id, user.country, search);
    const mismatch = rowsEditionMismatch(view, search);
    if (mismatch) throw new AppError("conflict", mismatch);
    const etag = listRowsEtag(view);
    const headers = {
      "content-type": "application/gzip",
      "cache-control": "private, no-cache",
      etag,
    };
    if (matches(request.headers.get("if-none-match"), etag))
      return new Response(null, { status: 304, headers });
    return new Response(await listRowsGzip(view), { headers });
  },
);
