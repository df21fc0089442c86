import { recordPageView } from "@/features/analytics/page-views";
import { handleRoute, readJsonBody } from "@/lib/route";
import { assertSameOriginJson } from "@/lib/security/same-origin";

export const POST = handleRoute("analytics.page-view", async (request) => {
  assertSameOriginJson(request);
  await recordPageView(await readJsonBody(request));
  return new Response(null, { status: 204 });
});
