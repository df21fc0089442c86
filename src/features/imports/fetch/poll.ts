import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";

import type { Database } from "@/db/client";
import { imports, publications, publisherPages, tariffDatasets, type PublisherPage } from "@/db/schema";
import type { Env } from "@/lib/env";
import { getLogger } from "@/lib/logger";
import { addMonths, currentPeriod, periodToDate } from "@/lib/tariff-vocabulary";

import type { ImportOutcome } from "../service";
import { checkPage, fetchSource, isUnreachable, type FetchSource, type SourceSettings } from "./fetchers";
import { FetchError, type HttpOptions } from "./http";
import { alertOwners, runningRun } from "./runs";

/**
 * Watching the publishers' pages (ADR 205, ADR 206): CPE's concessions page and NHSBSA's Drug Tariff
 * pages are asked, each at its own pace, whether they changed since the last answer (ETag and
 * Last-Modified, then the body's SHA-256). A page that changed is a publication: its files are
 * imported through the fetchers at once and announced to watchers in the same run, and the times it
 * was found, imported and announced are recorded for the owners.
 */

/** How often each page is asked, in minutes, as the settings give it (POLL_* in .env.example). */
export type PollSchedule = {
  cpe: { busyMinutes: number; quietMinutes: number; from: string; until: string };
  nhsbsa: { busyMinutes: number; quietMinutes: number; fromDay: number };
};

export function pollScheduleOf(
  env: Pick<
    Env,
    | "POLL_CPE_BUSY_MINUTES"
    | "POLL_CPE_QUIET_MINUTES"
    | "POLL_CPE_HOURS"
    | "POLL_NHSBSA_BUSY_MINUTES"
    | "POLL_NHSBSA_QUIET_MINUTES"
    | "POLL_NHSBSA_FROM_DAY"
  >,
): PollSchedule {
  const [from, until] = env.POLL_CPE_HOURS.split("-") as [string, string];
  return {
    cpe: { busyMinutes: env.POLL_CPE_BUSY_MINUTES, quietMinutes: env.POLL_CPE_QUIET_MINUTES, from, until },
    nhsbsa: {
      busyMinutes: env.POLL_NHSBSA_BUSY_MINUTES,
      quietMinutes: env.POLL_NHSBSA_QUIET_MINUTES,
      fromDay: env.POLL_NHSBSA_FROM_DAY,
    },
  };
}

/** Polling follows the scheduled fetch: off with FETCH=0, or on its own with POLL=0. */
export const pollingOn = (env: Pick<Env, "FETCH" | "POLL">) => env.FETCH !== "0" && env.POLL !== "0";

const ukParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The UK wall clock: the day of the week (Mon…Sun), the day of the month and "HH:MM". */
export function ukClock(now: Date): { weekday: string; day: number; time: string } {
  const parts = Object.fromEntries(ukParts.formatToParts(now).map((part) => [part.type, part.value]));
  return { weekday: parts.weekday!, day: Number(parts.day), time: `${parts.hour}:${parts.minute}` };
}

const weekend = new Set(["Sat", "Sun"]);

/** Minutes between two asks of CPE's page now: the busy pace in working hours on working days. */
export function cpeMinutes(schedule: PollSchedule, now: Date): number {
  const clock = ukClock(now);
  const busy =
    !weekend.has(clock.weekday) && clock.time >= schedule.cpe.from && clock.time < schedule.cpe.until;
  return busy ? schedule.cpe.busyMinutes : schedule.cpe.quietMinutes;
}

/** Minutes between two asks of NHSBSA's pages now: the busy pace from the given day until next month's files are in. */
export function nhsbsaMinutes(schedule: PollSchedule, now: Date, nextMonthIn: boolean): number {
  const busy = ukClock(now).day >= schedule.nhsbsa.fromDay && !nextMonthIn;
  return busy ? schedule.nhsbsa.busyMinutes : schedule.nhsbsa.quietMinutes;
}

const ordinal = (day: number) => {
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10];
  return `${day}${suffix ?? "th"}`;
};

/** "every minute", "every 15 minutes", "hourly", "every 2 hours". */
export function everyMinutes(minutes: number): string {
  if (minutes === 1) return "every minute";
  if (minutes === 60) return "hourly";
  if (minutes % 60 === 0) return `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/** The schedule in words, one sentence a source, as the owner's Data imports page says it. */
export function describePolling(schedule: PollSchedule): { source: FetchSource; words: string }[] {
  const { cpe, nhsbsa } = schedule;
  return [
    {
      source: "cpe",
      words:
        `CPE's price concessions page: ${everyMinutes(cpe.busyMinutes)} from ${cpe.from} to ${cpe.until} UK time, ` +
        `Monday to Friday; ${everyMinutes(cpe.quietMinutes)} otherwise.`,
    },
    {
      source: "nhsbsa",
      words:
        `NHSBSA's Drug Tariff pages: ${everyMinutes(nhsbsa.busyMinutes)} from the ${ordinal(nhsbsa.fromDay)} of the month ` +
        `until next month's Part VIIIA and Part IX are in; ${everyMinutes(nhsbsa.quietMinutes)} otherwise.`,
    },
  ];
}

/** After `failures` failed asks in a row, the wait before the next: doubling, at most an hour (or the pace, if longer). */
export function backoffMinutes(minutes: number, failures: number): number {
  if (failures <= 0) return minutes;
  return Math.min(minutes * 2 ** failures, Math.max(minutes, 60));
}

/** Failed asks in a row after which the owners are told that a page cannot be reached. */
export const failuresReported = 3;

export type PollRequest = {
  settings: SourceSettings;
  schedule: PollSchedule;
  /** Tells the watchers what the imports changed, at once (the watchlist alerts, composed in by the app). */
  announce: (importIds: number[]) => Promise<{ emails: number }>;
  ownerIds: string[];
  consoleUrl: string;
  /** The clock the schedule is read by: a test or the benchmark may set it. */
  now?: () => Date;
  /** For the ask itself; the imports use the fetchers' own defaults. */
  http?: Partial<HttpOptions>;
  /** For the files a publication brings. */
  importHttp?: Partial<HttpOptions>;
};

export type PollResult = {
  /** Pages asked in this run. */
  asked: number;
  /** Publications found (and imported and announced) in this run. */
  publications: number[];
  /** When the next page falls due, in seconds from now. */
  nextInSeconds: number;
  /** Set when a fetch pass held the publishers this run. */
  waited?: "fetch_running";
};

/** An ask is short: one try of at most 30 s; a page that fails waits for its back-off, not a retry. */
const askHttp: HttpOptions = { attempts: 1, backoffMs: 1_000, timeoutMs: 30_000, totalMs: 30_000 };

type Watched = { source: FetchSource; url: string };

const pagesOf = (settings: SourceSettings): Watched[] => [
  { source: "cpe", url: settings.cpeUrl },
  ...settings.nhsbsaUrls.map((url) => ({ source: "nhsbsa" as const, url })),
];

/** Whether next month's Part VIIIA and Part IX (England & Wales) are both loaded. */
async function nextMonthIn(db: Database, now: Date): Promise<boolean> {
  const next = periodToDate(addMonths(currentPeriod(now), 1));
  const rows = await db
    .select({ part: tariffDatasets.part })
    .from(tariffDatasets)
    .where(
      and(
        eq(tariffDatasets.edition, 1),
        eq(tariffDatasets.period, next),
        inArray(tariffDatasets.part, ["viiia", "ix"]),
      ),
    );
  return new Set(rows.map((row) => row.part)).size === 2;
}

/** When a page is next due: its pace (or back-off) after its last ask; at once if never asked. */
function dueAt(page: PublisherPage, minutes: number): Date {
  if (!page.checkedAt) return new Date(0);
  return new Date(page.checkedAt.getTime() + backoffMinutes(minutes, page.failures) * 60_000);
}

/**
 * One run of the poller: asks each page that is due, in turn (never two requests at once, so never
 * more than one in flight to a host), and for each that changed imports and announces it.
 * Skipped while a fetch pass (the daily schedule or "Fetch now") is reading the same sites.
 */
export async function pollPublishers(db: Database, request: PollRequest): Promise<PollResult> {
  const clock = request.now ?? (() => new Date());
  const pages = pagesOf(request.settings);
  if (await runningRun(db)) return { asked: 0, publications: [], nextInSeconds: 30, waited: "fetch_running" };
  await db
    .insert(publisherPages)
    .values(pages.map((page) => ({ url: page.url, source: page.source })))
    .onConflictDoNothing();
  const nextIn = await nextMonthIn(db, clock());
  const minutesOf = (source: FetchSource, at: Date) =>
    source === "cpe" ? cpeMinutes(request.schedule, at) : nhsbsaMinutes(request.schedule, at, nextIn);

  let asked = 0;
  const found: number[] = [];
  for (const page of pages) {
    const [row] = await db.select().from(publisherPages).where(eq(publisherPages.url, page.url));
    // A second of slack: a run woken for a page may start a moment before it is due.
    if (!row || dueAt(row, minutesOf(page.source, clock())).getTime() > clock().getTime() + 1_000) continue;
    asked += 1;
    const publication = await askPage(db, page, row, request, clock);
    if (publication !== undefined) found.push(publication);
  }

  const rows = await db
    .select()
    .from(publisherPages)
    .where(
      inArray(
        publisherPages.url,
        pages.map((page) => page.url),
      ),
    );
  const now = clock();
  const soonest = Math.min(
    ...rows.map((row) => dueAt(row, minutesOf(row.source as FetchSource, now)).getTime()),
  );
  return { asked, publications: found, nextInSeconds: Math.max(1, (soonest - now.getTime()) / 1000) };
}

/** Asks one page; answers the publication's id when it changed. */
async function askPage(
  db: Database,
  page: Watched,
  row: PublisherPage,
  request: PollRequest,
  clock: () => Date,
): Promise<number | undefined> {
  const log = getLogger().child({ component: "poll", source: page.source });
  const askedAt = clock();
  let answer;
  try {
    answer = await checkPage(page.source, page.url, request.settings, { ...askHttp, ...request.http }, row);
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    await recordFailure(db, page, row, askedAt, error.message, request);
    return undefined;
  }
  const counted = {
    checkedAt: askedAt,
    requests: sql`${publisherPages.requests} + 1`,
    failures: 0,
    failingSince: null,
    lastError: null,
    etag: answer.validators.etag,
    lastModified: answer.validators.lastModified,
  };
  if (!answer.changed || answer.sha256 === row.contentSha256) {
    await db
      .update(publisherPages)
      .set({
        ...counted,
        lastAnswer: answer.changed ? "unchanged (same content)" : "unchanged (304 Not Modified)",
        notModified: answer.changed ? publisherPages.notModified : sql`${publisherPages.notModified} + 1`,
      })
      .where(eq(publisherPages.url, page.url));
    return undefined;
  }

  // A change: the same content found before and not yet imported keeps its first finding.
  const [open] = await db
    .select()
    .from(publications)
    .where(
      and(
        eq(publications.url, page.url),
        eq(publications.contentSha256, answer.sha256),
        isNull(publications.announcedAt),
      ),
    )
    .orderBy(desc(publications.id))
    .limit(1);
  const publication =
    open ??
    (
      await db
        .insert(publications)
        .values({ source: page.source, url: page.url, contentSha256: answer.sha256, foundAt: askedAt })
        .returning()
    )[0]!;
  log.info({ url: page.url, publication: publication.id }, "publisher page changed; importing");

  const actor = `poll:${page.source}`;
  const [{ before }] = (
    await db.execute<{ before: number }>(sql`select coalesce(max(id), 0)::int as before from imports`)
  ).rows as [{ before: number }];
  const settings = { ...request.settings, cpeUrl: page.url, nhsbsaUrls: [page.url] };
  const outcomes: ImportOutcome[] = await fetchSource(db, page.source, settings, {
    actor,
    now: clock(),
    http: request.importHttp,
  });
  const imported = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(gt(imports.id, before), eq(imports.actor, actor), eq(imports.outcome, "imported")));
  const importIds = [...new Set([...publication.importIds, ...imported.map((record) => record.id)])];
  const unreachable = outcomes.filter(isUnreachable);
  const rejected = outcomes.filter((outcome) => outcome.status === "rejected" && !isUnreachable(outcome));
  const summary = (["imported", "unchanged", "rejected"] as const)
    .map((status) => `${outcomes.filter((outcome) => outcome.status === status).length} ${status}`)
    .join(", ");

  if (unreachable.length > 0) {
    // A file could not be downloaded: the page is asked again after its back-off, the content
    // counted as not seen yet, and this publication's imports kept for the announcement then.
    await db
      .update(publications)
      .set({ importIds, outcome: "retrying", message: `${summary}; ${unreachable[0]!.message}` })
      .where(eq(publications.id, publication.id));
    // Its validators are not kept either: the next ask must bring the page again, not a 304.
    await recordFailure(db, page, row, askedAt, unreachable[0]!.message, request);
    return publication.id;
  }

  const importedAt = clock();
  await db
    .update(publisherPages)
    .set({ ...counted, contentSha256: answer.sha256, changedAt: askedAt, lastAnswer: "changed" })
    .where(eq(publisherPages.url, page.url));
  await db
    .update(publications)
    .set({
      importIds,
      importedAt,
      outcome: rejected.length > 0 ? "failed" : importIds.length > 0 ? "imported" : "nothing_new",
      message: summary,
    })
    .where(eq(publications.id, publication.id));
  if (rejected.length > 0) {
    await alertOwners(
      db,
      `poll-failed:${page.url}:${answer.sha256}`,
      "failed",
      rejected.map((outcome) => `${outcome.file}: ${outcome.message.split("\n")[0]}`),
      request,
    );
  }

  let emails = 0;
  try {
    emails = (await request.announce(importIds)).emails;
  } finally {
    await db
      .update(publications)
      .set({ announcedAt: clock(), emails })
      .where(eq(publications.id, publication.id));
  }
  log.info({ publication: publication.id, imports: importIds.length, emails }, "publication announced");
  return publication.id;
}

async function recordFailure(
  db: Database,
  page: Watched,
  row: PublisherPage,
  askedAt: Date,
  message: string,
  request: PollRequest,
): Promise<void> {
  const failures = row.failures + 1;
  const failingSince = row.failingSince ?? askedAt;
  await db
    .update(publisherPages)
    .set({
      checkedAt: askedAt,
      requests: sql`${publisherPages.requests} + 1`,
      failures,
      failingSince,
      lastError: message,
      lastAnswer: "failed",
    })
    .where(eq(publisherPages.url, page.url));
  getLogger().warn(
    { url: page.url, failures, err: message },
    "publisher page could not be read; backing off",
  );
  if (failures >= failuresReported) {
    await alertOwners(
      db,
      `poll-down:${page.url}:${failingSince.toISOString()}`,
      "down",
      [`${page.url}: ${failures} tries failed since ${failingSince.toISOString()}; the last: ${message}`],
      request,
    );
  }
}

/** The pages and publications as the owner's console shows them. */
export async function pollingState(db: Database, limit = 20) {
  const [pages, recent] = await Promise.all([
    db.select().from(publisherPages).orderBy(publisherPages.source, publisherPages.url),
    db.select().from(publications).orderBy(desc(publications.foundAt), desc(publications.id)).limit(limit),
  ]);
  return { pages, recent };
}
