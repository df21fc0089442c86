import "server-only";

import { getLogger } from "@/lib/logger";
import { editions } from "@/lib/tariff-vocabulary";

import { dataVersion } from "@/lib/data-version-cache";
import { listRowsGzip, listRowsSharedKey, resolveListView, type ListView } from "./list-view";
import { listIds } from "./lists";
import { claimSharedAnswers, releaseSharedClaims, shareIfClaimed } from "./shared-answers";

/**
 * Every list's first view for both editions (its month in force, no search, no filter): what a
 * page is first asked for. Built once for every process (ADR 223): the first process to get here
 * for a data version claims every view at once and builds them; the others find them built or wait
 * for them. An import calls this as soon as it has stored a month (`npm run import`, the fetchers,
 * an upload), so the serving processes find the new month's lists built rather than build them
 * while they serve. Returns how many views there were.
 */
export async function prepareListViews(now = new Date()): Promise<number> {
  const version = await dataVersion();
  const views: ListView[] = [];
  for (const id of listIds)
    for (const { id: edition } of editions) views.push(await resolveListView(id, edition, {}, now, version));
  await claimSharedAnswers(version, views.map(listRowsSharedKey));
  try {
    for (const view of views)
      await shareIfClaimed(version, listRowsSharedKey(view), await listRowsGzip(view));
  } finally {
    await releaseSharedClaims(version);
  }
  return views.length;
}

/**
 * Keeps the lists' first views ready in a web process (ADR 223): once as the process starts, so
 * its first subscribers find a real Part IX month's rows built rather than wait seconds for them,
 * and again whenever an import (here or in any other process or machine) gives the data a new
 * version, or a new month comes into force. Returns a function that stops it.
 */
export function keepListViewsPrepared(everyMs = 60_000): () => void {
  let prepared = "";
  let running = false;
  const prepare = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      const wanted = `${await dataVersion()}|${now.toISOString().slice(0, 7)}`;
      if (wanted !== prepared) {
        const started = performance.now();
        const views = await prepareListViews(now);
        prepared = wanted;
        getLogger().info(
          { views, ms: Math.round(performance.now() - started) },
          "The lists' first views are ready for this data version",
        );
      }
    } catch (error) {
      getLogger().warn({ err: error }, "Could not prepare the lists' first views; trying again later");
    } finally {
      running = false;
    }
  };
  prepareHere = prepare;
  void prepare();
  const timer = setInterval(() => void prepare(), everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    prepareHere = undefined;
  };
}

/** This process's `keepListViewsPrepared` at work, if it is. */
let prepareHere: (() => Promise<void>) | undefined;

/**
 * Tells this process the data has just changed here (an upload or a fetch stored a month): its
 * lists' first views are prepared now, not at the next look a minute later, so this process
 * claims them before the requests that would otherwise each build one.
 */
export function listsChanged(): void {
  void prepareHere?.();
}
