import { NextResponse } from "next/server";

import { createPortalSessionFor } from "@/features/billing/portal";
import { emptySchema } from "@/features/billing/schemas";
import { AppError } from "@/lib/errors";
import { handleRoute, readJsonBody } from "@/lib/route";
import { assertSameOriginJson } from "@/lib/security/same-origin";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * Upgrade Plan: a billing-portal session for the signed-in licence admin, answered as `{ url }` for the
 * button to navigate to. POST only (GET answers 405), same-origin JSON only; the customer comes from
 * the session, the body must be `{}` and the query string is ignored (docs/security.md R2, R4, abuse case 1).
 */
export const POST = handleRoute("billing.portal", async (request) => {
  assertSameOriginJson(request);
  const user = await getCurrentUser();
  if (!user) throw new AppError("unauthorized");
  if (!emptySchema.safeParse(await readJsonBody(request)).success)
    throw new AppError("validation", "This request takes no fields.");
  const { url } = await createPortalSessionFor(user);
  return NextResponse.json({ url }, { headers: { "cache-control": "no-store" } });
});
