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
