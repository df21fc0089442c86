import { AppError } from "@/lib/errors";
import { getCurrentUser, type CurrentUser } from "@/lib/session";
import { editionCodes, editionNames, type Edition } from "@/lib/tariff-vocabulary";

/** Whether `If-None-Match` names this entity tag (a proxy that compresses may have weakened it). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  (ifNoneMatch ?? "").split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);

/**
 * A rows route's answer (ADR 013): the rows' JSON as a gzip file (`application/gzip`), unpacked by
 * the table, since Next.js drops a route's own `Content-Encoding` and would compress the JSON again
 * on every request; or 304 while the browser's copy, named by `etag`, is current. `body` is asked
 * for only when it is sent.
 */
export async function gzippedRowsResponse(
  request: Request,
  etag: string,
  body: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Response> {
  const headers = { "content-type": "application/gzip", "cache-control": "private, no-cache", etag };
  if (matches(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });
  return new Response(await body(), { headers });
}

/**
 * Why a rows address cannot be answered: it names another edition than the session's (the user
 * changed country in another tab or a moment ago). Null when it can.
 */
export function rowsEditionMismatch(edition: Edition, search: Record<string, string>): string | null {
  const named = search.edition;
  if (named === undefined || named === editionCodes[edition]) return null;
  return `Your country is now ${editionNames[edition]}: reload the page to see its prices.`;
}

/**
 * The checks every rows route makes before its own, the same as its page's: a signed-in subscriber,
 * whose edition comes from the session, never from the address: one naming another edition is
 * refused (409), so a table never shows one edition's rows under the other's heading. Gives the
 * user and the address's query.
 */
export async function rowsRouteReader(
  request: Request,
): Promise<{ user: CurrentUser; search: Record<string, string> }> {
  const user = await getCurrentUser();
  if (!user) throw new AppError("unauthorized");
  if (!user.subscribed) throw new AppError("subscription_required");
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const mismatch = rowsEditionMismatch(user.edition, search);
  if (mismatch) throw new AppError("conflict", mismatch);
  return { user, search };
}
