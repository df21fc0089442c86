import { apiRoute } from "@/features/api/api-route";
import { operations } from "@/features/api/operations";
import { changesCsv, getMonthChanges } from "@/features/api/resources";

export const dynamic = "force-dynamic";

/** A month's changes, as the change feed reads them (ADR 202). */
export const GET = apiRoute(operations.listChanges, async ({ query }) => {
  const changes = await getMonthChanges(query);
  return {
    body: async () => changes,
    csv: changesCsv,
    fileName: `changes-${query.edition}-${changes.month}`,
  };
});
