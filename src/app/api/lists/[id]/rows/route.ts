import { isListId } from "@/features/tariff/lists";
import {
  listRowsEtag,
  listRowsGzip,
  resolveListView,
  rowsEditionMismatch,
} from "@/features/tariff/list-view";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { gzippedRowsResponse } from "@/lib/rows-response";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * The rows a list page shows, fetched by the page's table (ADR 013). The same checks as the page:
 * a signed-in subscriber, whose edition comes from the session, never from the URL: a URL naming
 * another edition is refused (409), so a table can never show one edition's rows under the other's
 * heading. `month`, `searchTerm` and the filters are read exactly as the page reads them.
 *
 * The body is compressed once per data version (a real Part IX month's JSON took 400 ms of CPU to
 * compress per request), and answered 304 while the browser's copy is current.
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
    const mismatch = rowsEditionMismatch(user.country, search);
    if (mismatch) throw new AppError("conflict", mismatch);
    const view = await resolveListView(id, user.country, search);
    return gzippedRowsResponse(request, listRowsEtag(view), () => listRowsGzip(view));
  },
);
