import { NextResponse } from "next/server";

import { requireSubscriberForApi } from "@/features/search/access";
import { handleRoute } from "@/lib/route";
import { editionCodes } from "@/lib/tariff-vocabulary";

export const dynamic = "force-dynamic";

/** The signed-in subscriber's id and edition, after the same checks as the search: nothing else. */
export const GET = handleRoute("me", async () => {
  const user = await requireSubscriberForApi();
  return NextResponse.json(
    { id: user.id, edition: editionCodes[user.edition] },
    { headers: { "cache-control": "private, no-store" } },
  );
});
