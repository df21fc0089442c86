import { apiRoute } from "@/features/api/api-route";
import { operations } from "@/features/api/operations";
import { getConcessions } from "@/features/api/resources";

export const dynamic = "force-dynamic";

/** A month's price concessions (ADR 202). */
export const GET = apiRoute(operations.listConcessions, async ({ query }) => {
  const { version, key, list } = await getConcessions(query);
  return {
    version: { version, key },
    body: list,
    csv: (body) => body,
    fileName: `concessions-${query.edition}`,
  };
});
