import "server-only";

import { getDb } from "@/db/client";
import { getEnv, listOf, type Env } from "@/lib/env";
import type { Job } from "@/lib/jobs";
import { getLogger } from "@/lib/logger";
import { listsChanged } from "@/features/tariff/prepared-lists";

import { importConsolePath } from "../paths";
import { sourceSettingsOf } from "./fetchers";
import { pollingOn, pollPublishers, pollScheduleOf, type PollRequest } from "./poll";
import { passLimitMs, runFetch, type RunRequest } from "./runs";

/**
 * The scheduled fetch on the job queue (ADR 039, ADR 115): FETCH_SCHEDULE, off with FETCH=0. A pass
 * that could not reach a site is tried again by the queue after 20 minutes, then 40, then 80.
 */
export const fetchJobName = "scheduled-fetch";

export function fetchSchedule(env: Pick<Env, "FETCH" | "FETCH_SCHEDULE">): string {
  return env.FETCH === "0" ? "off" : env.FETCH_SCHEDULE;
}

/** What a pass needs from the environment, for the schedule or the owner's "Fetch now". */
export function runRequestOf(env: Env, trigger: RunRequest["trigger"], actor: string): RunRequest {
  return {
    trigger,
    actor,
    settings: sourceSettingsOf(env),
    consoleUrl: `${env.APP_URL}${importConsolePath}`,
    ownerIds: listOf(env.OWNER_USER_IDS),
  };
}

/** `tuning` lets tests retry within seconds and give up on a dead server quickly. */
export function scheduledFetchJob(
  env: Env = getEnv(),
  tuning: { retries?: Job["retries"]; http?: RunRequest["http"] } = {},
): Job {
  return {
    name: fetchJobName,
    schedule: fetchSchedule(env),
    // Ten minutes past the pass's own limit, for its records and e-mails (ADR 171).
    timeoutSeconds: passLimitMs / 1000 + 10 * 60,
    retries: tuning.retries ?? { limit: 3, delaySeconds: 20 * 60, backoff: true },
    run: async ({ retriesLeft }) => {
      const request = { ...runRequestOf(env, "scheduled", "schedule"), retriesLeft, http: tuning.http };
      const result = await runFetch(getDb(), request);
      if (result.started && result.outcome === "imported") listsChanged();
      if (!result.started) getLogger().info("scheduled fetch skipped: another fetch is under way");
      else getLogger().info({ runId: result.runId, outcome: result.outcome }, "scheduled fetch finished");
    },
  };
}

/**
 * Watching the publishers' pages (ADR 205) on the job queue: each run asks the pages that are due
 * and queues the next run for when the next one falls due, so a page asked every minute is asked
 * every minute and not at the next cron minute plus the queue's polling. The schedule every minute
 * only starts the chain again if it broke (a process stopped mid-run); the queue keeps one run
 * waiting at most, so the two never make two runs. Off with FETCH=0 or POLL=0.
 */
export const pollJobName = "publisher-poll";

export function publisherPollJob(
  announce: PollRequest["announce"],
  env: Env = getEnv(),
  tuning: Pick<PollRequest, "now" | "http" | "importHttp"> = {},
): Job {
  return {
    name: pollJobName,
    schedule: pollingOn(env) ? "* * * * *" : "off",
    // A publication's files are imported in the run: the fetch pass's limit holds for them too.
    timeoutSeconds: passLimitMs / 1000 + 10 * 60,
    queueCheckSeconds: 2,
    run: async ({ again }) => {
      if (!pollingOn(env)) return;
      const { settings, consoleUrl, ownerIds } = runRequestOf(env, "scheduled", "poll");
      const request = { settings, consoleUrl, ownerIds, schedule: pollScheduleOf(env), announce, ...tuning };
      const result = await pollPublishers(getDb(), request);
      if (result.publications.length > 0) listsChanged();
      await again(result.nextInSeconds);
    },
  };
}
