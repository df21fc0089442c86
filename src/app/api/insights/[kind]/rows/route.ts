import { insightRows, isInsightKind } from "@/features/insights/insight-rows";
import { rowsEditionMismatch } from "@/features/tariff/list-view";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { gzippedRowsResponse } from "@/lib/rows-response";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * The changes an insights page's table shows, fetched by the table as a list page's rows are
 * (ADR 013, 140): a signed-in subscriber, the edition from the session (a URL naming another is
 * refused, 409), the month and filters read exactly as the page reads them.
 */
export const GET = handleRoute(
  "insights.rows",
  async (request, { params }: { params: Promise<{ kind: string }> }) => {
    const user = await getCurrentUser();
    if (!user) throw new AppError("unauthorized");
    if (!user.subscribed) throw new AppError("subscription_required");
    const { kind } = await params;
    if (!isInsightKind(kind)) throw new AppError("not_found");

    const search = Object.fromEntries(new URL(request.url).searchParams);
    const mismatch = rowsEditionMismatch(user.country, search);
    if (mismatch) throw new AppError("conflict", mismatch);
    const rows = await insightRows(kind, user.country, search);
    return gzippedRowsResponse(request, rows.etag, rows.gzip);
  },
);
