import "server-only";

import { getEnv } from "@/lib/env";

import { changesAtom } from "./atom";
import { feedReader } from "./feed-tokens";
import { groupChanges } from "./groups";
import { changesFeedPath, changesPath } from "./paths";
import { getChangesSince } from "./queries";

/** What a feed covers: the months imported in this many days. */
const feedDays = 60;

/** The Atom document for a feed token, or null for a token that is unknown, revoked or no longer subscribed. */
export async function changesFeedFor(token: string, now = new Date()): Promise<string | null> {
  const reader = await feedReader(token);
  if (!reader) return null;
  const since = new Date(now.getTime() - feedDays * 24 * 60 * 60 * 1000);
  const groups = groupChanges(await getChangesSince(reader.edition, since));
  const appUrl = getEnv().APP_URL;
  return changesAtom({
    groups,
    feedUrl: `${appUrl}${changesFeedPath(token)}`,
    pageUrl: (group) =>
      `${appUrl}${changesPath}?${new URLSearchParams({ since: group.importedAt.slice(0, 10), part: group.part })}`,
    updated: groups.reduce((latest, group) => {
      const at = new Date(group.importedAt);
      return at > latest ? at : latest;
    }, since),
  });
}
