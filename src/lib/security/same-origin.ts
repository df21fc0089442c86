import { AppError } from "@/lib/errors";

/**
 * CSRF guard for our state-changing route handlers (SECURITY.md R13): the request must come
 * from our own pages (an `Origin` equal to ours; missing or `null` is refused) and carry JSON,
 * which a cross-site HTML form cannot send.
 */
export function assertSameOriginJson(request: Request, allowedOrigins: readonly string[]): void {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null" || !allowedOrigins.includes(origin)) {
    throw new AppError("forbidden", "This request must come from the TariffScope site.");
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the request as JSON.");
  }
}

/** Our own origins: the configured public address and the address this request was made to. */
export function ownOrigins(request: Request, appUrl: string): string[] {
  return [...new Set([new URL(appUrl).origin, new URL(request.url).origin])];
}
