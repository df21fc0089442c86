import PgBoss from "pg-boss";

import { getPool } from "@/db/client";

import { getLogger } from "../logger";
import { jobTimeZone } from "./cron";

/**
 * Background jobs on a queue kept in the app's own database (pg-boss, ADR 039): the embedded default
 * and PostgreSQL alike, with no other service to run. Every web server process starts the same
 * runner; the schedule is one row per job in the database, each scheduled run is queued once, and one
 * process takes it, however many processes there are.
 */
export type Job = {
  /** The queue's name: lower-case words joined by dashes. */
  name: string;
  /** When it runs: a cron expression in UK time, or "off" for never on a schedule. */
  schedule: string;
  /**
   * One run. Throwing fails the run, which is retried later (see `retries`). `again` queues the
   * job's next run `seconds` from now, for a job that decides its own pace (ADR 205); the queue
   * keeps at most one waiting, so a scheduled run and a chained one never make two.
   */
  run: (attempt: { retriesLeft: number; again: (seconds: number) => Promise<void> }) => Promise<void>;
  /** Longest a run may take before it counts as failed and may run again elsewhere. */
  timeoutSeconds: number;
  /** `backoff` doubles the delay before each further try. */
  retries?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** How often each process looks for this job's queued runs, when sooner than the runner's. */
  queueCheckSeconds?: number;
};

export type JobRunner = { stop: () => Promise<void> };

type Pool = ReturnType<typeof getPool>;

/**
 * How often each process asks the database whether anything is due. A job's own queue is polled
 * only this often, as nothing here needs to start within seconds of being due.
 */
export type JobPolling = {
  /** How often one of the processes checks the schedules. */
  scheduleCheckSeconds: number;
  /** How often each process looks for queued runs. */
  queueCheckSeconds: number;
};

const defaultPolling: JobPolling = { scheduleCheckSeconds: 30, queueCheckSeconds: 30 };

/** The schema pg-boss keeps its tables in, apart from ours, created and migrated by pg-boss itself. */
export const jobSchema = "pgboss";

/**
 * Runs `work` while no other process does the same: pg-boss creates a queue's table and attaches it
 * to its job table, and several processes doing that at once on PostgreSQL deadlock. The lock is held
 * on a connection of its own, apart from the ones `work` uses.
 */
async function oneProcessAtATime(pool: Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  const key = "hashtextextended('tariffscope:jobs:setup', 0)";
  try {
    await client.query(`select pg_advisory_lock(${key})`);
    try {
      await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${key})`);
    }
  } finally {
    client.release();
  }
}

/** Creates the job's queue, or updates its settings, and sets or drops its schedule. */
async function bringInStep(boss: PgBoss, job: Job): Promise<void> {
  const queue = {
    name: job.name,
    policy: "stately" as const,
    retryLimit: job.retries?.limit ?? 0,
    retryDelay: job.retries?.delaySeconds ?? 0,
    retryBackoff: job.retries?.backoff ?? false,
    expireInSeconds: job.timeoutSeconds,
  };
  await boss.createQueue(job.name, queue);
  await boss.updateQueue(job.name, queue);
  if (job.schedule === "off") await boss.unschedule(job.name);
  else await boss.schedule(job.name, job.schedule, {}, { tz: jobTimeZone });
}

/**
 * Starts the queue on the app's pool (pg-boss opens no connection of its own), brings each job's
 * queue and schedule in step with `jobs`, and works on its runs.
 */
export async function startJobs(
  jobs: Job[],
  options: { pool?: Pool; polling?: JobPolling } = {},
): Promise<JobRunner> {
  const pool = options.pool ?? getPool();
  const polling = options.polling ?? defaultPolling;
  const log = getLogger().child({ component: "jobs" });
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: jobSchema,
    cronMonitorIntervalSeconds: polling.scheduleCheckSeconds,
    cronWorkerIntervalSeconds: polling.scheduleCheckSeconds,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));

  try {
    await oneProcessAtATime(pool, async () => {
      await boss.start();
      for (const job of jobs) await bringInStep(boss, job);
    });
    for (const job of jobs) {
      const pollingIntervalSeconds = Math.min(polling.queueCheckSeconds, job.queueCheckSeconds ?? Infinity);
      const options = { pollingIntervalSeconds, includeMetadata: true as const };
      const again = async (seconds: number) => {
        await boss.send(job.name, {}, { startAfter: Math.max(1, Math.round(seconds)) });
      };
      await boss.work(job.name, options, async ([run]) => {
        const started = Date.now();
        log.info({ job: job.name, runId: run?.id }, "job started");
        try {
          await job.run({ retriesLeft: run ? Math.max(0, run.retryLimit - run.retryCount) : 0, again });
        } catch (error) {
          log.error({ err: error, job: job.name, runId: run?.id }, "job failed");
          throw error;
        }
        log.info({ job: job.name, runId: run?.id, ms: Date.now() - started }, "job finished");
      });
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: false });
    throw error;
  }

  return { stop: () => boss.stop({ graceful: true, timeout: 10_000, close: false }) };
}
