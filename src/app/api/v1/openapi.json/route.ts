import { openApiDocument } from "@/features/api/openapi";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/** The data API's OpenAPI 3.1 document (ADR 202): public, as any API's contract is; the data needs a key. */
export function GET(): Response {
  return Response.json(openApiDocument(getEnv().APP_URL), {
    headers: { "cache-control": "public, max-age=300" },
  });
}
