import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { createDatabase, createPool } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { importFile } from "../src/features/imports/service";
import { sendPendingWatchlistAlerts, sendWatchlistAlerts } from "../src/features/watchlists/alerts";
import { hasRealData, realDataDir } from "../tests/fixtures/real-data";
import { withClient, withDatabase } from "./server";

/**
 * `npm run bench:alerts`: the watchlist alerts after a real Part IX month (1,000 users watching
 * 200 packs each, target ≤ 10 s: docs/performance.md), on a fresh database on the PostgreSQL
 * server DATABASE_URL names (default: the local server), dropped afterwards.
 *
 * May 2026's real Part IX file is imported and announced (nobody watches yet); BENCH_USERS (default
 * 1,000) subscribers each get a list of BENCH_ITEMS (default 200) of June's packs, one in ten of them
 * among the packs June changes; then June's real file is imported and what is timed is the alerts
 * job's work for it (`sendPendingWatchlistAlerts`): finding each watcher's changes, recording them
 * once, rendering and storing one e-mail each (the dev outbox, as without SMTP). Last, the same
 * announcement again, which must record and send nothing.
 */
const users = Number(process.env.BENCH_USERS ?? 1_000);
const items = Number(process.env.BENCH_ITEMS ?? 200);
const targetSeconds = 10;

if (!hasRealData) {
  console.log(`bench:alerts needs the real Part IX files in ${realDataDir}; nothing was measured.`);
  process.exit(0);
}
const may = path.join(realDataDir, "costmos-processed/drug_tariff_ix_202605.csv.gz");
const june = path.join(realDataDir, "costmos-processed/drug_tariff_ix_202606.csv.gz");

const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const name = `tariffscope_bench_alerts_${randomBytes(4).toString("hex")}`;
await withClient(serverUrl, (client) => client.query(`create database ${name}`));
const url = withDatabase(serverUrl, name);
// The outbox and the e-mail settings are read through the app's own connection.
process.env.DATABASE_URL = url;
const pool = createPool(url, { max: 4 });
const db = createDatabase(pool);

const seconds = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
};

try {
  await migrateDatabase(db);
  const before = await importFile(db, may, { actor: "bench" });
  if (before.status !== "imported") throw new Error(`May's Part IX file was not imported: ${before.status}`);
  await sendPendingWatchlistAlerts(db);

  const june2026 = "2026-06-01";
  const [imported, importSeconds] = await seconds(() => importFile(db, june, { actor: "bench" }));
  if (imported.status !== "imported")
    throw new Error(`June's Part IX file was not imported: ${imported.status}`);

  // Subscribers with one list each: a tenth of its packs among those June changed, the rest not.
  await db.execute(sql`
    insert into auth_user (id, name, email, email_verified)
    select 'bench-' || g, 'Bench ' || g, 'bench-' || g || '@example.test', true from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into profiles (id, email, first_name, is_subscribed)
    select 'bench-' || g, 'bench-' || g || '@example.test', 'Bench', true from generate_series(1, ${users}) g`);
  await db.execute(sql`insert into watchlists (owner_id, name) select id, 'Appliances' from profiles`);
  const changedPerList = Math.round(items / 10);
  await db.execute(sql`
    with changed as (
      select array_agg(distinct code) as codes from tariff_changes
      where edition = 1 and part = 'ix' and period = ${june2026}::date and change = 'price_change'
        and code is not null),
    unchanged as (
      select array_agg(distinct pack_snomed_code) as codes from part_ix_prices
      where edition = 1 and period = ${june2026}::date and pack_snomed_code is not null
        and pack_snomed_code <> all ((select codes from changed)::text[])),
    lists as (select id, row_number() over (order by id) - 1 as n from watchlists),
    picks as (
      select l.id, c.codes[1 + (l.n * ${changedPerList} + k) % cardinality(c.codes)] as code
      from lists l cross join generate_series(0, ${changedPerList - 1}) k cross join changed c
      union all
      select l.id, u.codes[1 + (l.n * ${items - changedPerList} + k) % cardinality(u.codes)]
      from lists l cross join generate_series(0, ${items - changedPerList - 1}) k cross join unchanged u)
    insert into watchlist_items (watchlist_id, kind, code)
    select id, 'appliance', code from picks on conflict do nothing`);
  const watched = await db.execute<{ items: string; changes: string }>(sql`
    select (select count(*) from watchlist_items)::text as items,
      (select count(*) from tariff_changes where edition = 1 and part = 'ix' and period = ${june2026}::date
        and change = 'price_change')::text as changes`);

  const [announced, alertSeconds] = await seconds(() => sendPendingWatchlistAlerts(db));
  const [again, againSeconds] = await seconds(() =>
    sendWatchlistAlerts(db, { edition: 1, part: "ix", periods: [june2026] }),
  );
  const recorded = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from watchlist_alerts_sent`,
  );

  const count = (value: number | string) => Number(value).toLocaleString("en-GB");
  console.log(
    `\nbench:alerts on PostgreSQL (${new URL(serverUrl).host}), load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(
    `June 2026's real Part IX file: ${count(imported.rows ?? 0)} rows imported in ${importSeconds.toFixed(1)} s, ${count(watched.rows[0]!.changes)} price changes`,
  );
  console.log(
    `${count(users)} subscribers, ${count(watched.rows[0]!.items)} watched packs (${items} a list, ${changedPerList} of them changed in June)`,
  );
  console.log(
    `The alerts job: ${count(announced.emails)} e-mails, ${count(recorded.rows[0]!.count)} changes recorded, in ${alertSeconds.toFixed(2)} s (target ≤ ${targetSeconds} s: ${alertSeconds <= targetSeconds ? "met" : "NOT met"}; ${(alertSeconds / targetSeconds).toFixed(2)}× the target)`,
  );
  console.log(
    `The same changes announced again: ${again.emails} e-mails, ${again.changes} changes recorded, in ${againSeconds.toFixed(2)} s`,
  );
  if (again.emails !== 0 || again.changes !== 0) process.exitCode = 1;
} finally {
  await pool.end();
  await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}
