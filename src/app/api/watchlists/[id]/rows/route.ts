import { rowsEditionMismatch } from "@/features/tariff/list-view";
import { watchlistRows } from "@/features/watchlists/watchlist-rows";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { gzippedRowsResponse } from "@/lib/rows-response";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * A watchlist's packs with their prices, fetched by its table as a list page's rows are (ADR 013,
 * 142): a signed-in subscriber who may see the list (any other is "not found"), the edition from the
 * session (an address naming another is refused, 409).
 */
export const GET = handleRoute(
  "watchlists.rows",
  async (request, { params }: { params: Promise<{ id: string }> }) => {
    const user = await getCurrentUser();
    if (!user) throw new AppError("unauthorized");
    if (!user.subscribed) throw new AppError("subscription_required");
    const { id } = await params;
    const mismatch = rowsEditionMismatch(user.country, Object.fromEntries(new URL(request.url).searchParams));
    if (mismatch) throw new AppError("conflict", mismatch);
    const rows = await watchlistRows(user, id);
    return gzippedRowsResponse(request, rows.etag, rows.gzip);
  },
);
