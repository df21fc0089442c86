import { and, desc, eq, inArray, isNull, lt } from "drizzle-orm";

import type { Database } from "@/db/client";
import { fetchAlerts, fetchRuns, tariffDatasets, user, type FetchRun } from "@/db/schema";
import { fetchAlertEmail, sendEmail } from "@/lib/email";
import { getLogger } from "@/lib/logger";

import { periodToDate, monthLabel, type Period } from "@/lib/tariff-vocabulary";
import type { ImportOutcome } from "../service";
import {
  fetchSource,
  isUnreachable,
  sourcesToFetch,
  type FetchOptions,
  type SourceSettings,
} from "./fetchers";
import type { HttpOptions } from "./http";
import { formatDay, monthsDueBy, usualPublicationDay } from "./publication";

/**
 * A pass of every fetcher as the schedule or the owner's "Fetch now" runs it (ADR 115): one at a
 * time across every process, recorded in `fetch_runs`, each file imported through the import
 * pipeline under the actor `scheduled:<source>` (or `manual:<source>:<owner>`), and the owners told
 * by e-mail when it fails or the month's tariff is late.
 */

export type RunOutcome = "imported" | "nothing_new" | "failed" | "retrying";

export type RunRequest = {
  trigger: "scheduled" | "manual";
  /** Who asked: "schedule", or the owner's e-mail. */
  actor: string;
  settings: SourceSettings;
  /** Further tries the queue will make if this one fails for want of a network. */
  retriesLeft?: number;
  http?: Partial<HttpOptions>;
  now?: Date;
  /** Where the owners' e-mails point. */
  consoleUrl: string;
  /** The owner accounts' ids (OWNER_USER_IDS). */
  ownerIds: string[];
};

export type RunResult =
  | { started: false; reason: "already_running" }
  | { started: true; runId: number; outcome: RunOutcome; outcomes: ImportOutcome[] };

/**
 * The longest a pass may fetch: below the scheduled job's hour (job.ts), so a pass records its
 * outcome and sends its e-mails before the queue would count it as expired (ADR 171).
 */
export const passLimitMs = 50 * 60 * 1000;

/** A run left without an end this long ago died with its process; the next one may start. */
const abandonedAfterMs = 3 * 60 * 60 * 1000;

/** Thrown to have the queue try a pass again later, after its record and any e-mail are written. */
export class RetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RetryLater";
  }
}

const isUniqueViolation = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505";

/** Records a new run, or answers undefined while another is under way. */
export async function claimRun(
  db: Database,
  trigger: RunRequest["trigger"],
  actor: string,
  now = new Date(),
): Promise<number | undefined> {
  await db
    .update(fetchRuns)
    .set({
      finishedAt: now,
      outcome: "failed",
      message: "the run stopped without finishing (its process ended); nothing half-imported was kept",
    })
    .where(
      and(isNull(fetchRuns.finishedAt), lt(fetchRuns.startedAt, new Date(now.getTime() - abandonedAfterMs))),
    );
  try {
    const [row] = await db
      .insert(fetchRuns)
      .values({ trigger, actor, startedAt: now })
      .returning({ id: fetchRuns.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The run's verdict from its files' outcomes, and one line of summary. */
export function judgeRun(
  outcomes: ImportOutcome[],
  retriesLeft: number,
): { outcome: RunOutcome; message: string } {
  const count = (status: ImportOutcome["status"]) =>
    outcomes.filter((outcome) => outcome.status === status).length;
  const counts = `${count("imported")} imported, ${count("unchanged")} unchanged, ${count("rejected")} rejected`;
  const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
  if (rejected.length > 0) {
    const retry = retriesLeft > 0 && rejected.every(isUnreachable);
    return {
      outcome: retry ? "retrying" : "failed",
      message: retry ? `${counts}; a site could not be reached, trying again later` : counts,
    };
  }
  return { outcome: count("imported") > 0 ? "imported" : "nothing_new", message: counts };
}

async function ownerEmails(db: Database, ownerIds: string[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db.select({ email: user.email }).from(user).where(inArray(user.id, ownerIds));
  return rows.map((row) => row.email);
}

/** Sends one alert to every owner, unless an alert with this key was sent before. */
export async function alertOwners(
  db: Database,
  key: string,
  kind: "failed" | "late" | "down",
  lines: string[],
  request: Pick<RunRequest, "ownerIds" | "consoleUrl">,
): Promise<void> {
  const inserted = await db.insert(fetchAlerts).values({ key }).onConflictDoNothing().returning();
  if (inserted.length === 0) return;
  const recipients = await ownerEmails(db, request.ownerIds);
  if (recipients.length === 0) {
    getLogger().warn({ key }, "fetch alert not sent: no owner account (OWNER_USER_IDS) to send it to");
    return;
  }
  const content = await fetchAlertEmail({ kind, lines, consoleUrl: request.consoleUrl });
  for (const to of recipients) {
    try {
      await sendEmail({ ...content, to }, { essential: true });
    } catch (error) {
      getLogger().error({ err: error, key }, "fetch alert e-mail failed");
    }
  }
}

/** Part VIIIA months due by now (ADR 115) that are not loaded, once any month of it is. */
async function lateMonths(db: Database, now: Date): Promise<Period[]> {
  const due = monthsDueBy(now);
  const loaded = await db
    .select({ period: tariffDatasets.period })
    .from(tariffDatasets)
    .where(and(eq(tariffDatasets.edition, 1), eq(tariffDatasets.part, "viiia")));
  if (loaded.length === 0) return [];
  const have = new Set(loaded.map((row) => row.period));
  return due.filter((period) => !have.has(periodToDate(period)));
}

const describeOutcome = (outcome: ImportOutcome) => `${outcome.file}: ${outcome.message.split("\n")[0]}`;

/**
 * One pass over every source. Answers `already_running` while another pass is under way. Throws
 * RetryLater, after recording the run, when a site could not be reached and the queue has tries left.
 */
export async function runFetch(db: Database, request: RunRequest): Promise<RunResult> {
  const now = request.now ?? new Date();
  const runId = await claimRun(db, request.trigger, request.actor, now);
  if (runId === undefined) return { started: false, reason: "already_running" };
  const outcomes: ImportOutcome[] = [];
  const retriesLeft = request.retriesLeft ?? 0;
  const http = { deadline: Date.now() + passLimitMs, ...request.http };
  try {
    for (const source of sourcesToFetch(request.settings)) {
      const actor =
        request.trigger === "scheduled" ? `scheduled:${source}` : `manual:${source}:${request.actor}`;
      const options: FetchOptions = { actor, http, now };
      outcomes.push(...(await fetchSource(db, source, request.settings, options)));
    }
  } catch (error) {
    await db
      .update(fetchRuns)
      .set({
        finishedAt: new Date(),
        outcome: "failed",
        message: `the run stopped on an unexpected error: ${(error as Error).message}`,
        outcomes,
      })
      .where(eq(fetchRuns.id, runId));
    throw error;
  }
  const verdict = judgeRun(outcomes, retriesLeft);
  await db
    .update(fetchRuns)
    .set({ finishedAt: new Date(), outcome: verdict.outcome, message: verdict.message, outcomes })
    .where(eq(fetchRuns.id, runId));

  if (request.trigger === "scheduled") {
    if (verdict.outcome === "failed") {
      const lines = outcomes.filter((outcome) => outcome.status === "rejected").map(describeOutcome);
      await alertOwners(db, `failed:${runId}`, "failed", lines, request);
    } else if (verdict.outcome !== "retrying") {
      const late = await lateMonths(db, now);
      for (const period of late) {
        await alertOwners(
          db,
          `late:viiia:${period}`,
          "late",
          [
            `Part VIIIA for ${monthLabel(period)} is not loaded: NHSBSA usually publishes it by ` +
              `${formatDay(usualPublicationDay(period))}, and the passes since have found nothing new.`,
          ],
          request,
        );
      }
    }
  }
  if (verdict.outcome === "retrying") throw new RetryLater(verdict.message);
  return { started: true, runId, outcome: verdict.outcome, outcomes };
}

/** The latest runs, newest first, for the console. */
export async function recentRuns(db: Database, limit = 20): Promise<FetchRun[]> {
  return db.select().from(fetchRuns).orderBy(desc(fetchRuns.startedAt), desc(fetchRuns.id)).limit(limit);
}

/** The latest run started by the schedule. */
export async function lastScheduledRun(db: Database): Promise<FetchRun | undefined> {
  const [row] = await db
    .select()
    .from(fetchRuns)
    .where(eq(fetchRuns.trigger, "scheduled"))
    .orderBy(desc(fetchRuns.startedAt), desc(fetchRuns.id))
    .limit(1);
  return row;
}

/** The run under way, if any. */
export async function runningRun(db: Database): Promise<FetchRun | undefined> {
  const [row] = await db.select().from(fetchRuns).where(isNull(fetchRuns.finishedAt)).limit(1);
  return row;
}
