import "server-only";

import { getLogger } from "@/lib/logger";
import { editions } from "@/lib/tariff-vocabulary";

import { dataVersion } from "@/lib/data-version-cache";
import { listRowsGzip, resolveListView } from "./list-view";
import { listIds } from "./lists";

/**
 * Every list's first view for both editions (its month in force, no search, no filter): what a
 * page is first asked for. Built once for every process (ADR 223): the process that claims each
 * one builds it, the others find it built or wait for it. Returns how many views there were.
 */
export async function prepareListViews(now = new Date()): Promise<number> {
  const version = await dataVersion();
  let views = 0;
  for (const id of listIds)
    for (const { id: edition } of editions) {
      await listRowsGzip(await resolveListView(id, edition, {}, now, version));
      views++;
    }
  return views;
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
  void prepare();
  const timer = setInterval(() => void prepare(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
