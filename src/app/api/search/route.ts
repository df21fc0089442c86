import { NextResponse } from "next/server";

import { countSearch, requireSubscriberForApi } from "@/features/search/access";
import { isSearchPartId } from "@/features/search/parts";
import { searchTariff } from "@/features/search/queries";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/route";

export const dynamic = "force-dynamic";

/** The longest search term accepted. */
const maxTermLength = 100;

/**
 * The global search: `q`, optionally `parts` (comma-separated) and `month` (YYYY-MM).
 * Signed-in subscribers only; the edition is the session's.
 */
export const GET = handleRoute("search", async (request) => {
  const user = await requireSubscriberForApi();
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  if (q.length > maxTermLength)
    throw new AppError("validation", `Search for at most ${maxTermLength} characters.`);
  if (q.length < 2) throw new AppError("validation", "Search for at least 2 characters.");
  const month = url.searchParams.get("month") ?? undefined;
  if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new AppError("validation", "Give the month as YYYY-MM.");
  const named = url.searchParams.get("parts");
  const parts = named === null ? undefined : named.split(",").filter(isSearchPartId);
  await countSearch(user);
  const sections = await searchTariff(user.edition, q, { parts, month });
  return NextResponse.json({ sections }, { headers: { "cache-control": "private, no-store" } });
});
