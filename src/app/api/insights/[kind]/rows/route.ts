import { insightRows, isInsightKind } from "@/features/insights/insight-rows";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { gzippedRowsResponse, rowsRouteReader } from "@/lib/rows-response";

export const dynamic = "force-dynamic";

/**
 * The changes an insights page's table shows, fetched by the table as a list page's rows are
 * (ADR 013, 140): a signed-in subscriber, the edition from the session (a URL naming another is
 * refused, 409), the month and filters read exactly as the page reads them.
 */
export const GET = handleRoute(
  "insights.rows",
  async (request, { params }: { params: Promise<{ kind: string }> }) => {
    const { user, search } = await rowsRouteReader(request);
    const { kind } = await params;
    if (!isInsightKind(kind)) throw new AppError("not_found");
    const rows = await insightRows(kind, user.edition, search);
    return gzippedRowsResponse(request, rows.etag, rows.gzip);
  },
);
