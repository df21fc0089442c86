import { apiRoute } from "@/features/api/api-route";
import { operations } from "@/features/api/operations";
import { getPack, packCsv } from "@/features/api/resources";

export const dynamic = "force-dynamic";

/** One pack's money for a month, and the month published ahead (ADR 202). */
export const GET = apiRoute<typeof operations.getPack, { code: string }>(
  operations.getPack,
  async ({ params, query }) => {
    const pack = await getPack(params.code, query);
    return { body: async () => pack, csv: packCsv, fileName: `pack-${params.code}-${query.edition}` };
  },
);
