import { NextResponse } from "next/server";

import { requireSubscriberForApi } from "@/features/search/access";
import { getPackPrice, MonthOutOfRange } from "@/features/tariff/pack-price";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";
import { editionFromCode, isPeriod } from "@/lib/tariff-vocabulary";

export const dynamic = "force-dynamic";

/**
 * One pack's money as the pricing model gives it (docs/product.md §3.2): `edition=ew|ni` (the
 * reader's own by default) and `month=YYYY-MM` (the month in force by default). The product page's
 * own figures, for signed-in subscribers; the edition may be either, as the page shows both.
 */
export const GET = handleRoute(
  "packs.price",
  async (request, { params }: { params: Promise<{ code: string }> }) => {
    const user = await requireSubscriberForApi();
    const { code } = await params;
    const search = new URL(request.url).searchParams;
    const editionCode = search.get("edition");
    const edition = editionCode === null ? user.edition : editionFromCode(editionCode);
    if (edition === undefined || (editionCode !== null && !["ew", "ni"].includes(editionCode)))
      throw new AppError("validation", "Give the edition as ew (England & Wales) or ni (Northern Ireland).");
    const month = search.get("month") ?? undefined;
    if (month !== undefined && !isPeriod(month))
      throw new AppError("validation", "Give the month as YYYY-MM.");
    try {
      const price = await getPackPrice(code, edition, month);
      if (!price) throw new AppError("not_found", "No month lists a pack with this code.");
      return NextResponse.json(price, { headers: { "cache-control": "private, no-cache" } });
    } catch (error) {
      if (error instanceof MonthOutOfRange) throw new AppError("validation", error.message);
      throw error;
    }
  },
);
