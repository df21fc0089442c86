import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

import { trustedOrigins } from "./trusted-origins";

/**
 * CSRF guard for our state-changing route handlers (docs/security.md R13): the request must come from our
 * own pages (an `Origin` Better Auth trusts too; missing or `null` is refused) and carry JSON, which a
 * cross-site HTML form cannot send.
 */
export function assertSameOriginJson(request: Request): void {
  assertContentType(request, "application/json", "Send the request as JSON.");
}

/**
 * The same guard for a file sent as the request's body: `application/octet-stream`, which no
 * cross-site form can send either.
 */
export function assertSameOriginFile(request: Request): void {
  assertContentType(request, "application/octet-stream", "Send the file as application/octet-stream.");
}

function assertContentType(request: Request, type: string, message: string): void {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null" || !trustedOrigins(getEnv()).includes(origin)) {
    throw new AppError("forbidden", "This request must come from the TariffScope site.");
  }
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== type) throw new AppError("unsupported_media_type", message);
}
