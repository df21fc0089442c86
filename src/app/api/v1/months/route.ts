import { apiRoute } from "@/features/api/api-route";
import { operations } from "@/features/api/operations";
import { getMonths, monthsCsv } from "@/features/api/resources";

export const dynamic = "force-dynamic";

/** The months loaded, with when each was first loaded and last replaced (ADR 202). */
export const GET = apiRoute(operations.listMonths, async () => {
  const { version, key, list } = await getMonths();
  return { version: { version, key }, body: list, csv: monthsCsv, fileName: "months" };
});
