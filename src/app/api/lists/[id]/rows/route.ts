import { isListId } from "@/features/tariff/lists";
import { listRowsEtag, listRowsGzip, resolveListView } from "@/features/tariff/list-view";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { gzippedRowsResponse, rowsRouteReader } from "@/lib/rows-response";

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
    const { user, search } = await rowsRouteReader(request);
    const { id } = await params;
    if (!isListId(id)) throw new AppError("not_found");
    const view = await resolveListView(id, user.edition, search);
    return gzippedRowsResponse(request, listRowsEtag(view), () => listRowsGzip(view));
  },
);
