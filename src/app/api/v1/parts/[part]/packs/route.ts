import { apiRoute, withQuery } from "@/features/api/api-route";
import { operations } from "@/features/api/operations";
import { getPackPage } from "@/features/api/resources";

export const dynamic = "force-dynamic";

/** A part's packs and prices for a month, a page at a time (ADR 202). */
export const GET = apiRoute<typeof operations.listPacks, { part: string }>(
  operations.listPacks,
  async ({ params, query, url }) => {
    const { version, key, page } = await getPackPage(params.part, query);
    return {
      version: { version, key },
      body: page,
      csv: (body) => body,
      fileName: `${params.part}-${query.edition}-packs`,
      next: (body) => body.nextCursor && withQuery(url, { cursor: body.nextCursor }),
    };
  },
);
