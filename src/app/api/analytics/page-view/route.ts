import { recordPageView } from "@/features/analytics/page-views";
import { clientAddressOf } from "@/lib/client-address";
import { handleRoute, readJsonBody } from "@/lib/route";
import { assertSameOriginJson } from "@/lib/security/same-origin";

export const POST = handleRoute("analytics.page-view", async (request) => {
  assertSameOriginJson(request);
  await recordPageView(await readJsonBody(request), clientAddressOf(request.headers));
  return new Response(null, { status: 204 });
});
