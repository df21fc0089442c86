import { watchlistRows } from "@/features/watchlists/watchlist-rows";
import { handleRoute } from "@/lib/route";
import { gzippedRowsResponse, rowsRouteReader } from "@/lib/rows-response";

export const dynamic = "force-dynamic";

/**
 * A watchlist's packs with their prices, fetched by its table as a list page's rows are (ADR 013,
 * 142): a signed-in subscriber who may see the list (any other is "not found"), the edition from the
 * session (an address naming another is refused, 409).
 */
export const GET = handleRoute(
  "watchlists.rows",
  async (request, { params }: { params: Promise<{ id: string }> }) => {
    const { user } = await rowsRouteReader(request);
    const { id } = await params;
    const rows = await watchlistRows(user, id);
    return gzippedRowsResponse(request, rows.etag, rows.gzip);
  },
);
