import "server-only";

import cronParser from "cron-parser";
import { and, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { z } from "zod";

import { getDb } from "@/db/client";
import { imports, type FetchRun } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { cronInWords, jobTimeZone } from "@/lib/jobs/cron";
import type { Edition } from "@/lib/tariff-vocabulary";

import { fetchSchedule } from "./fetch/job";
import { describePolling, pollingOn, pollingState, pollScheduleOf } from "./fetch/poll";
import { lastScheduledRun, recentRuns, runningRun } from "./fetch/runs";
import { partIds, partLabel, type PartId } from "@/lib/tariff-vocabulary";

/** Who or what made an import, from the first word of its actor (`scheduled:nhsbsa`, `upload:…`). */
export const importSources = {
  scheduled: "Scheduled fetch",
  manual: "Fetch now",
  upload: "Upload",
  fetch: "npm run fetch",
  cli: "npm run import",
  "sample-data": "Sample data",
  poll: "Publisher watch",
} as const;
export type ImportSource = keyof typeof importSources;

const outcomes = ["imported", "unchanged", "rejected"] as const;

/** The history's filters, from the URL: anything not understood is ignored, as on the list pages. */
export const historyFilterSchema = z.object({
  source: z
    .enum(Object.keys(importSources) as [ImportSource, ...ImportSource[]])
    .optional()
    .catch(undefined),
  outcome: z.enum(outcomes).optional().catch(undefined),
  part: z.enum(partIds).optional().catch(undefined),
  file: z.string().trim().max(100).optional().catch(undefined),
});
export type HistoryFilters = z.infer<typeof historyFilterSchema>;

export type ImportHistoryRow = {
  id: number;
  startedAt: string;
  source: string;
  actor: string;
  fileName: string;
  sha256: string | null;
  part: string | null;
  edition: string | null;
  period: string | null;
  rows: number | null;
  outcome: string;
  message: string | null;
  durationMs: number;
};

/** Shown at most; the filters narrow the rest. */
const historyLimit = 500;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The import records, newest first: every file any importer was given and what became of it. */
export async function getImportHistory(filters: HistoryFilters): Promise<ImportHistoryRow[]> {
  const where: SQL[] = [];
  if (filters.source) where.push(sql`split_part(${imports.actor}, ':', 1) = ${filters.source}`);
  if (filters.outcome) where.push(eq(imports.outcome, filters.outcome));
  if (filters.part) where.push(eq(imports.part, filters.part));
  if (filters.file) where.push(ilike(imports.fileName, `%${likeEscaped(filters.file)}%`));
  const rows = await getDb()
    .select()
    .from(imports)
    .where(and(...where))
    .orderBy(desc(imports.startedAt), desc(imports.id))
    .limit(historyLimit);
  return rows.map((row) => {
    const source = row.actor.split(":")[0] as ImportSource;
    return {
      id: row.id,
      startedAt: row.startedAt.toISOString(),
      source: importSources[source] ?? source,
      actor: row.actor,
      fileName: row.fileName,
      sha256: row.fileSha256,
      part: row.part ? partLabel(row.part as PartId, (row.edition ?? 1) as Edition) : null,
      edition: row.edition === 2 ? "Northern Ireland" : row.edition === 1 ? "England & Wales" : null,
      period: row.period?.slice(0, 7) ?? null,
      rows: row.rows,
      outcome: row.outcome,
      message: row.message,
      durationMs: Math.max(0, row.finishedAt.getTime() - row.startedAt.getTime()),
    };
  });
}

export type FetchRunSummary = Pick<FetchRun, "id" | "trigger" | "actor" | "outcome" | "message"> & {
  startedAt: string;
  finishedAt: string | null;
};

export type FetchStatus = {
  /** The cron expression in UK time, or "off". */
  schedule: string;
  /** The same in words: "daily at 06:30 UK time". */
  scheduleWords: string;
  nextRunAt: string | null;
  lastScheduled: FetchRunSummary | null;
  running: FetchRunSummary | null;
  recent: FetchRunSummary[];
  dmdEnabled: boolean;
};

const summary = (run: FetchRun): FetchRunSummary => ({
  id: run.id,
  trigger: run.trigger,
  actor: run.actor,
  outcome: run.outcome,
  message: run.message,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

/** The next time a cron expression in UK time falls due after `now`. */
export function nextRunOf(schedule: string, now = new Date()): Date | null {
  if (schedule === "off") return null;
  return cronParser.parseExpression(schedule, { tz: jobTimeZone, currentDate: now }).next().toDate();
}

/** The scheduled fetch as the console shows it: when it runs next, how the last run went, what runs now. */
export async function getFetchStatus(): Promise<FetchStatus> {
  const env = getEnv();
  const schedule = fetchSchedule(env);
  const db = getDb();
  const [last, running, recent] = await Promise.all([lastScheduledRun(db), runningRun(db), recentRuns(db)]);
  return {
    schedule,
    scheduleWords: cronInWords(schedule),
    nextRunAt: nextRunOf(schedule)?.toISOString() ?? null,
    lastScheduled: last ? summary(last) : null,
    running: running ? summary(running) : null,
    recent: recent.map(summary),
    dmdEnabled: Boolean(env.TRUD_API_KEY),
  };
}

export type PolledPage = {
  source: string;
  url: string;
  checkedAt: string | null;
  changedAt: string | null;
  answer: string | null;
  failures: number;
  failingSince: string | null;
  lastError: string | null;
  requests: number;
  notModified: number;
};

export type PublicationSummary = {
  id: number;
  source: string;
  foundAt: string;
  importedAt: string | null;
  announcedAt: string | null;
  outcome: string | null;
  message: string | null;
  emails: number;
};

export type PollingStatus = {
  on: boolean;
  /** One sentence a source: how often its pages are asked. */
  schedule: { source: string; words: string }[];
  pages: PolledPage[];
  publications: PublicationSummary[];
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The publisher watch as the console shows it (ADR 205, ADR 206): its pace in words, each page, each publication. */
export async function getPollingStatus(): Promise<PollingStatus> {
  const env = getEnv();
  const { pages, recent } = await pollingState(getDb());
  return {
    on: pollingOn(env),
    schedule: describePolling(pollScheduleOf(env)),
    pages: pages.map((page) => ({
      source: page.source,
      url: page.url,
      checkedAt: iso(page.checkedAt),
      changedAt: iso(page.changedAt),
      answer: page.lastAnswer,
      failures: page.failures,
      failingSince: iso(page.failingSince),
      lastError: page.lastError,
      requests: page.requests,
      notModified: page.notModified,
    })),
    publications: recent.map((publication) => ({
      id: publication.id,
      source: publication.source,
      foundAt: publication.foundAt.toISOString(),
      importedAt: iso(publication.importedAt),
      announcedAt: iso(publication.announcedAt),
      outcome: publication.outcome,
      message: publication.message,
      emails: publication.emails,
    })),
  };
}
