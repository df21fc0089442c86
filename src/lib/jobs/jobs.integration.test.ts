import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { createPool } from "@/db/client";
import { setupTestDatabase } from "@tests/fixtures/db";
import { awayFromMinuteBoundary, jobProcesses, quickPolling, sleep } from "@tests/fixtures/jobs";

import { jobSchema, startJobs } from ".";

const database = setupTestDatabase();
const processes = jobProcesses(() => database.url);
const everyMinute = "* * * * *";

function countingJob(schedule: string, run: () => Promise<void> = async () => {}) {
  const job = {
    name: `test-${randomBytes(4).toString("hex")}`,
    schedule,
    timeoutSeconds: 60,
    runs: 0,
    run: async () => {
      job.runs += 1;
      await run();
    },
  };
  return job;
}

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(100);
  }
}

async function schedulesOf(name: string) {
  const { rows } = await database.pool.query(`select cron from ${jobSchema}.schedule where name = $1`, [
    name,
  ]);
  return rows as { cron: string }[];
}

describe("the job queue", () => {
  it("creates its own schema in the app's database and opens no connection of its own", async () => {
    const job = countingJob("off");
    const pool = createPool(database.url, { max: 2 });
    const runner = await startJobs([job], { pool, polling: quickPolling });

    const { rows } = await database.pool.query(
      "select count(*)::int as n from information_schema.tables where table_schema = $1",
      [jobSchema],
    );
    expect(rows[0].n).toBeGreaterThan(0);
    expect(pool.totalCount).toBeLessThanOrEqual(2);
    // pg-boss names the connections it opens itself; there must be none.
    const own = await database.pool.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'pgboss'",
    );
    expect(own.rows[0].n).toBe(0);
    await runner.stop();
    await pool.end();
  });

  it("keeps one schedule and runs each scheduled run once, however many processes start it", async () => {
    await awayFromMinuteBoundary();
    const job = countingJob(everyMinute);
    await Promise.all([processes.start([job]), processes.start([job]), processes.start([job])]);
    expect(await schedulesOf(job.name)).toEqual([{ cron: everyMinute }]);

    await until(() => job.runs > 0);
    await sleep(4_000);
    expect(job.runs).toBe(1);
  });

  it("drops the schedule when switched off, and runs nothing", async () => {
    const job = countingJob("0 3 1 1 *");
    const first = await processes.start([job]);
    expect(await schedulesOf(job.name)).toEqual([{ cron: "0 3 1 1 *" }]);
    await processes.stop(first);

    await processes.start([{ ...job, schedule: "off" }]);
    expect(await schedulesOf(job.name)).toEqual([]);
    await sleep(3_000);
    expect(job.runs).toBe(0);
  });

  it("retries a failed run after the delay", async () => {
    await awayFromMinuteBoundary();
    const job = countingJob(everyMinute, async () => {
      if (job.runs === 1) throw new Error("the first run fails");
    });
    await processes.start([{ ...job, retries: { limit: 1, delaySeconds: 1 } }]);
    await until(() => job.runs === 2);
    await sleep(2_000);
    expect(job.runs).toBe(2);
  });

  it("runs a job's chained next run once, seconds later, however many processes work on it", async () => {
    await awayFromMinuteBoundary();
    const name = `test-${randomBytes(4).toString("hex")}`;
    const started: number[] = [];
    let running = 0;
    let overlapped = false;
    const job = {
      name,
      schedule: everyMinute,
      timeoutSeconds: 60,
      run: async ({ again }: { again: (seconds: number) => Promise<void> }) => {
        running += 1;
        overlapped ||= running > 1;
        started.push(Date.now());
        await sleep(200);
        running -= 1;
        // A chain of four runs, each queued two seconds after the one before.
        if (started.length < 4) await again(2);
      },
    };
    await Promise.all([processes.start([job]), processes.start([job])]);
    await until(() => started.length === 4, 75_000);
    await sleep(4_000);
    expect(started).toHaveLength(4);
    expect(overlapped).toBe(false);
    const gaps = started.slice(1).map((at, index) => (at - started[index]!) / 1000);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(1.5);
      expect(gap).toBeLessThan(8);
    }
  });
});
