import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { createDatabase, createPool } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { publisherPollJob } from "../src/features/imports/fetch/job";
import { concessionsPage, type ConcessionEntry } from "../src/features/imports/layout-writers";
import { importFile } from "../src/features/imports/service";
import { announceImports, sendPendingWatchlistAlerts } from "../src/features/watchlists/alerts";
import { parseEnv } from "../src/lib/env";
import { startJobs } from "../src/lib/jobs";
import { viiiaCsv, viiiaRows } from "../tests/fixtures/tariff-files";
import { withClient, withDatabase } from "./server";

/**
 * `npm run bench:latency`: how long after a publisher changes its page the watchers'
 * e-mails are in the outbox, with the default polling schedule, on a fresh database on the
 * PostgreSQL server DATABASE_URL names (default: the local server), dropped afterwards.
 *
 * A stand-in for CPE's concessions page and NHSBSA's Part VIII page listens on 127.0.0.1 and answers
 * conditional requests as their servers do (ETag, Last-Modified, 304). BENCH_WATCHERS (default 500)
 * subscribers watch Amiloride 5mg tablets ×28 and nine other packs. The poller runs on the job queue
 * exactly as in the app, its clock set to a Wednesday in the busy part of a month (18 November 2026,
 * from 10:00 UK time), so CPE's page is asked every minute and NHSBSA's every 15 minutes.
 *
 * - Concessions: BENCH_CHANGES (default 8) new concession lists, each at a random moment 20–100 s
 *   after the one before, each granting Amiloride a new price: the time from each change to each of
 *   its 500 e-mails.
 * - Next month: NHSBSA's page starts linking December's Part VIIIA (Amiloride's price changed), and
 *   then re-issues it with another price, BENCH_NEXT_MONTH (default 2) times. Waiting 15 minutes for
 *   each would take hours, so its pages are asked every minute here (POLL_NHSBSA_BUSY_MINUTES=1)
 *   and the run reports what is measured — the wait for the ask that found the change, and the work
 *   from that ask to the e-mails — and, for the default 15 minutes, the wait's known spread (even
 *   over 0–15 minutes for a change at a random moment) plus the work measured.
 *
 * Last, the publisher's requests per hour over the run, and how many were answered 304.
 */
const watchers = Number(process.env.BENCH_WATCHERS ?? 500);
const concessionChanges = Number(process.env.BENCH_CHANGES ?? 8);
const nextMonthChanges = Number(process.env.BENCH_NEXT_MONTH ?? 2);
const targets = { concessionMedian: 60, concessionP95: 120, nextMonthP95: 15 * 60 };

const amiloride = viiiaRows.find((row) => String(row[0]).startsWith("Amiloride"))!;
const amilorideCode = String(amiloride[4]);

// --- The stand-in publisher -------------------------------------------------------------------

type Page = { body: Buffer; type: string; modified: Date };
const pages = new Map<string, Page>();
const counts = { requests: 0, notModified: 0, bodies: 0 };
const publisher = http.createServer((request, response) => {
  const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
  counts.requests += 1;
  const page = pages.get(pathname);
  if (!page) return void response.writeHead(404).end();
  const etag = `"${createHash("sha256").update(page.body).digest("hex").slice(0, 16)}"`;
  const headers = { etag, "last-modified": page.modified.toUTCString() };
  if (request.headers["if-none-match"] === etag) {
    counts.notModified += 1;
    return void response.writeHead(304, headers).end();
  }
  counts.bodies += 1;
  response.writeHead(200, { ...headers, "content-type": page.type, "content-length": page.body.length });
  response.end(page.body);
});
await new Promise<void>((resolve) => publisher.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
const publish = (pathname: string, body: string | Buffer, type = "text/html; charset=utf-8") => {
  pages.set(pathname, { body: Buffer.from(body), type, modified: new Date() });
  return Date.now();
};

const concessionsPath = "/price-concessions/";
const partViiiPath = "/drug-tariff-part-viii";
const concessions = (entries: ConcessionEntry[], updated: string) =>
  concessionsPage({ month: "November 2026", updated, entries });
const partViii = (files: { month: string; path: string }[]) =>
  `<!DOCTYPE html><html lang="en"><head><title>Drug Tariff Part VIII</title></head><body><main><h1>Drug Tariff Part VIII</h1><h2>Part VIIIA</h2>${files
    .map(
      (file) => `<p><a href="${file.path}" type="text/csv">Part VIIIA ${file.month} 2026 (CSV: 1KB)</a></p>`,
    )
    .join("\n")}</main></body></html>`;
const viiia = (month: string, amiloridePence: number) =>
  viiiaCsv(
    month,
    viiiaRows.map((row) => (row === amiloride ? [...row.slice(0, 6), amiloridePence] : row)),
  );

// --- The database, the watchers and the poller --------------------------------------------------

const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const name = `tariffscope_bench_latency_${randomBytes(4).toString("hex")}`;
await withClient(serverUrl, (client) => client.query(`create database ${name}`));
const url = withDatabase(serverUrl, name);
process.env.DATABASE_URL = url;
const pool = createPool(url, { max: 6 });
const db = createDatabase(pool);

/** The poller's clock: now, moved to Wednesday 18 November 2026 at 10:00 UK time. */
const shift = new Date("2026-11-18T10:00:00Z").getTime() - Date.now();
const clock = () => new Date(Date.now() + shift);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const s = (value: number) => `${value.toFixed(1)} s`;

/** Waits for `count` e-mails about `marker` and answers each one's delay after `changedAt`, in seconds. */
async function emailDelays(marker: string, count: number, changedAt: number, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const rows = await db.execute<{ at: Date }>(
      sql`select created_at as at from dev_outbox where text like ${`%${marker}%`}`,
    );
    if (rows.rows.length >= count || Date.now() > deadline)
      return rows.rows.map((row) => (new Date(row.at).getTime() - changedAt) / 1000);
    await sleep(500);
  }
}

async function foundAt(after: number): Promise<number> {
  const rows = await db.execute<{ found: Date }>(
    sql`select found_at as found from publications where found_at > ${new Date(after + shift).toISOString()}::timestamptz order by id limit 1`,
  );
  return rows.rows[0] ? new Date(rows.rows[0].found).getTime() - shift : Number.NaN;
}

let stop = async () => {};
try {
  await migrateDatabase(db);
  publish("/files/Part VIIIA Nov 26.csv", viiia("November", 1200), "text/csv");
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "bench-latency-"));
  const novemberFile = path.join(folder, "Part VIIIA Nov 26.csv");
  await fs.promises.writeFile(novemberFile, viiia("November", 1200));
  const loaded = await importFile(db, novemberFile, { actor: "bench" });
  if (loaded.status !== "imported")
    throw new Error(`November's Part VIIIA was not imported: ${loaded.message}`);
  await sendPendingWatchlistAlerts(db);

  await db.execute(sql`
    insert into auth_user (id, name, email, email_verified)
    select 'bench-' || g, 'Bench ' || g, 'bench-' || g || '@example.test', true from generate_series(1, ${watchers}) g`);
  await db.execute(sql`
    insert into profiles (id, email, first_name, is_subscribed)
    select 'bench-' || g, 'bench-' || g || '@example.test', 'Bench', true from generate_series(1, ${watchers}) g`);
  await db.execute(sql`insert into watchlists (owner_id, name) select id, 'Orders' from profiles`);
  const codes = viiiaRows.slice(0, 10).map((row) => String(row[4]));
  if (!codes.includes(amilorideCode)) codes[9] = amilorideCode;
  await db.execute(sql`
    insert into watchlist_items (watchlist_id, kind, code)
    select w.id, 'drug', c.code from watchlists w
    cross join unnest(string_to_array(${codes.join(",")}, ',')) as c(code)
    on conflict do nothing`);

  publish(concessionsPath, concessions([], "18th November 2026"));
  publish(partViiiPath, partViii([{ month: "November", path: "/files/Part%20VIIIA%20Nov%2026.csv" }]));

  const env = parseEnv({
    DATABASE_URL: url,
    CPE_CONCESSIONS_URL: `${base}${concessionsPath}`,
    NHSBSA_TARIFF_URL: `${base}${partViiiPath}`,
    FETCH_ALLOWED_HOSTS: "127.0.0.1",
    POLL_NHSBSA_BUSY_MINUTES: "1",
  });
  const job = publisherPollJob((ids) => announceImports(db, ids, clock()), env, { now: clock });
  const runner = await startJobs([job], { pool });
  stop = () => runner.stop();
  const started = Date.now();
  // The first asks find both pages "changed" (never asked before) and bring nothing new.
  for (;;) {
    const asked = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from publisher_pages where checked_at is not null`,
    );
    if (asked.rows[0]!.n >= 2) break;
    await sleep(500);
  }
  console.log(`bench:latency: ${watchers} watchers; the poller is running (clock: ${clock().toISOString()})`);

  const concessionDelays: number[] = [];
  const lastPerChange: number[] = [];
  for (let change = 0; change < concessionChanges; change++) {
    await sleep(20_000 + Math.random() * 80_000);
    const price = `£${(2 + change / 10).toFixed(2)}`;
    const at = publish(
      concessionsPath,
      concessions(
        [{ drug: "Amiloride 5mg tablets", packSize: "28", price }],
        `18th November 2026, list ${change + 2}`,
      ),
    );
    const delays = await emailDelays(
      `concession granted for November 2026: ${price}`,
      watchers,
      at,
      10 * 60_000,
    );
    concessionDelays.push(...delays);
    lastPerChange.push(Math.max(...delays));
    console.log(
      `  concession list ${change + 1}: ${delays.length} e-mails, first ${s(Math.min(...delays))}, last ${s(Math.max(...delays))} after the change`,
    );
  }

  const waits: number[] = [];
  const work: number[] = [];
  const nextMonthDelays: number[] = [];
  for (let change = 0; change < nextMonthChanges; change++) {
    await sleep(20_000 + Math.random() * 40_000);
    const pence = 1500 + change * 100;
    const file = `/files/issue-${change + 1}/Part VIIIA Dec 26.csv`;
    publish(file, viiia("December", pence), "text/csv");
    const at = publish(
      partViiiPath,
      partViii([
        { month: "December", path: encodeURI(file) },
        { month: "November", path: "/files/Part%20VIIIA%20Nov%2026.csv" },
      ]),
    );
    const delays = await emailDelays(`£12.00 → £${(pence / 100).toFixed(2)}`, watchers, at, 10 * 60_000);
    const found = await foundAt(at);
    const last = Math.max(...delays);
    waits.push((found - at) / 1000);
    work.push(last - (found - at) / 1000);
    nextMonthDelays.push(...delays);
    console.log(
      `  next month, issue ${change + 1}: ${delays.length} e-mails "From 1 December"; found ${s((found - at) / 1000)} after the change, last e-mail ${s(last - (found - at) / 1000)} after that`,
    );
  }
  const hours = (Date.now() - started) / 3_600_000;
  await stop();
  stop = async () => {};

  const duplicates = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select "to", subject, text from dev_outbox group by 1, 2, 3 having count(*) > 1) d`);

  console.log(
    `\nbench:latency on PostgreSQL (${new URL(serverUrl).host}), load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores, ${watchers} watchers`,
  );
  const median = percentile(concessionDelays, 50);
  const p95 = percentile(concessionDelays, 95);
  console.log(
    `Concession alerts (${concessionChanges} lists, ${concessionDelays.length} e-mails): median ${s(median)} (target ≤ ${targets.concessionMedian} s: ${median <= targets.concessionMedian ? "met" : "NOT met"}), p95 ${s(p95)} (target ≤ ${targets.concessionP95} s: ${p95 <= targets.concessionP95 ? "met" : "NOT met"}); slowest list's last e-mail ${s(Math.max(...lastPerChange))}`,
  );
  const workP95 = percentile(work, 95);
  const nextP95 = 0.95 * 15 * 60 + workP95;
  console.log(
    `Next month's Part VIIIA (${nextMonthChanges} issues, pages asked every minute): found ${waits.map(s).join(", ")} after the change; the last e-mail ${work.map(s).join(", ")} after that`,
  );
  console.log(
    `  with the default 15 minutes: p95 = 855.0 s of waiting (a change at a random moment) + ${s(workP95)} of work = ${s(nextP95)} (target ≤ ${targets.nextMonthP95} s: ${nextP95 <= targets.nextMonthP95 ? "met" : "NOT met"})`,
  );
  const perHour = (count: number) => (count / hours).toFixed(0);
  console.log(
    `Publisher requests: ${counts.requests} in ${(hours * 60).toFixed(1)} min = ${perHour(counts.requests)} an hour; ${counts.notModified} answered 304 with no body (${((100 * counts.notModified) / Math.max(1, counts.requests)).toFixed(0)}%), ${counts.bodies} with a body (changed pages, their files, and the importer's own read of a changed page)`,
  );
  console.log(
    `  with the default schedule: CPE's page 60 an hour in working hours (4 otherwise), each NHSBSA page 4 an hour from the 15th until next month is in (1 otherwise)`,
  );
  console.log(`Duplicate e-mails (same address, subject and text): ${duplicates.rows[0]!.n}`);
  if (
    duplicates.rows[0]!.n > 0 ||
    median > targets.concessionMedian ||
    p95 > targets.concessionP95 ||
    nextP95 > targets.nextMonthP95
  )
    process.exitCode = 1;
} finally {
  await stop();
  publisher.closeAllConnections();
  publisher.close();
  await pool.end();
  await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}
