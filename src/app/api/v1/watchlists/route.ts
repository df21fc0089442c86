import { apiRoute } from "@/features/api/api-route";
import { operations } from "@/features/api/operations";
import { getWatchlists, watchlistsCsv } from "@/features/api/resources";

export const dynamic = "force-dynamic";

/** The key's licence's shared watchlists and their packs (ADR 203): never another licence's. */
export const GET = apiRoute(operations.listWatchlists, async ({ query, caller }) => {
  const watchlists = await getWatchlists(caller.licenceId, query);
  return { body: async () => watchlists, csv: watchlistsCsv, fileName: `watchlists-${query.edition}` };
});
