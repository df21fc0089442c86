import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import JSZip from "jszip";
import { beforeEach, describe, expect, it } from "vitest";

import { fetchRuns } from "@/db/schema";
import { parseEnv } from "@/lib/env";
import { jobSchema } from "@/lib/jobs";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { fixturePage, startFetchServer } from "@tests/fixtures/fetch-server";
import { awayFromMinuteBoundary, jobProcesses, sleep } from "@tests/fixtures/jobs";
import { viiiaCsv } from "@tests/fixtures/tariff-files";

import { headers, nhsbsaCsv } from "../layout-writers";
import { generateSample } from "../../../../scripts/lib/sample/generate";
import { fetchCpe, fetchDmd, sourceSettingsOf, type FetchOptions } from "./fetchers";
import { fetchSchedule, scheduledFetchJob } from "./job";
import { claimRun, RetryLater, runFetch, type RunRequest } from "./runs";

/**
 * The scheduled fetch (ADR 115) against a local stand-in for NHSBSA, CPE and TRUD: on the job queue
 * or off, tried again by the queue when a site cannot be reached, one pass at a time, each file
 * recorded as `scheduled`, and the owners told when a pass fails or the month's tariff is late.
 */
const database = setupTestDatabase();
const server = startFetchServer();
const processes = jobProcesses(() => database.url);

const partViii = "/drug-tariff/drug-tariff-part-viii";
const concessions = "/price-concessions/";
const trudKey = "0123456789abcdef0123456789abcdef01234567";
const trudList = `/trud/keys/${trudKey}/items/24/releases`;

const quick = { attempts: 1, backoffMs: 10, timeoutMs: 5_000 };

function serveSites() {
  server.reset();
  server.set(partViii, { body: fixturePage("drug-tariff-part-viii.html") });
  server.set("/sites/default/files/2026-05/Part VIIIA Jun 26.xls.csv", { body: viiiaCsv("June") });
  server.set("/sites/default/files/2026-04/Part VIIIA May 26.csv", { body: viiiaCsv("May") });
  server.set("/sites/default/files/2026-03/Cat M Prices - Quarter 1.csv", {
    body: nhsbsaCsv({
      title: "Category M Prices - Quarter 1",
      header: headers.catM,
      rows: [["994511000001109", "Acamprosate 333mg gastro-resistant tablets", 168, "tablet", 2414]],
    }),
  });
  server.set(concessions, {
    body: fixturePage("price-concessions.html", {
      UPDATED: "5th June 2026",
      ROWS: "<tr><td>Amiloride 5mg tablets</td><td>28</td><td>£1.45</td></tr>",
    }),
  });
}

const env = (extra: Record<string, string> = {}) =>
  parseEnv({
    NHSBSA_TARIFF_URL: server.url(partViii),
    CPE_CONCESSIONS_URL: server.url(concessions),
    // The stand-in sites are on this machine, over plain http.
    FETCH_ALLOWED_HOSTS: "127.0.0.1",
    ...extra,
  });

function request(owner: TestUser | null, extra: Partial<RunRequest> = {}): RunRequest {
  return {
    trigger: "scheduled",
    actor: "schedule",
    settings: sourceSettingsOf(env()),
    http: quick,
    consoleUrl: "http://localhost:3000/user-master-management/imports",
    ownerIds: owner ? [owner.id] : [],
    ...extra,
  };
}

async function emailsTo(address: string) {
  const result = await database.db.execute<{ subject: string; text: string }>(
    sql`select subject, text from dev_outbox where lower("to") = lower(${address}) order by id`,
  );
  return result.rows;
}

async function clearRecords() {
  await database.db.execute(sql`delete from fetch_runs`);
  await database.db.execute(sql`delete from fetch_alerts`);
}

beforeEach(async () => {
  serveSites();
  await clearRecords();
});

describe("the concessions page early in a month", () => {
  const page = (month: string) =>
    fixturePage("price-concessions-none-yet.html", { UPDATED: "2nd July 2026", MONTH: month });
  const options = (now: string): FetchOptions => ({
    actor: "fetch:cpe",
    http: quick,
    now: new Date(now),
    reach: { localHosts: ["127.0.0.1"] },
  });

  it("is nothing new, not a layout change, while the month has no concession yet", async () => {
    server.set(concessions, { body: page("July 2026") });
    const [outcome] = await fetchCpe(database.db, server.url(concessions), options("2026-07-03T09:00:00Z"));
    expect(outcome).toMatchObject({ status: "unchanged", part: "concessions" });
    expect(outcome!.message).toMatch(/no price concessions have been granted for July 2026 yet/);
  });

  it("is a layout change when it names another month, or the month is well under way", async () => {
    server.set(concessions, { body: page("June 2026") });
    const [wrongMonth] = await fetchCpe(
      database.db,
      server.url(concessions),
      options("2026-07-03T09:00:00Z"),
    );
    expect(wrongMonth).toMatchObject({ status: "rejected" });
    expect(wrongMonth!.message).toMatch(/layout may have changed/);

    server.set(concessions, { body: page("July 2026") });
    const [late] = await fetchCpe(database.db, server.url(concessions), options("2026-07-20T09:00:00Z"));
    expect(late).toMatchObject({ status: "rejected" });
    expect(late!.message).toMatch(/layout may have changed/);
  });
});

describe("dm+d from TRUD", () => {
  let release: Buffer;
  const archive = "nhsbsa_dmd_4.1.0_20260302000001.zip";
  const archivePath = `/trud/download/${archive}`;

  async function releaseZip(): Promise<Buffer> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-dmd-"));
    try {
      generateSample({ folder, to: "2026-03", months: 1, seed: 7 });
      const zip = new JSZip();
      const gtin = new JSZip();
      for (const name of fs.readdirSync(path.join(folder, "dmd"))) {
        const bytes = fs.readFileSync(path.join(folder, "dmd", name));
        // As TRUD ships it: the GTIN file in a zip of its own inside the release.
        if (name.startsWith("f_gtin2")) gtin.file(name, bytes);
        else zip.file(name, bytes);
      }
      zip.file("week092026-r2_3-gtin.zip", await gtin.generateAsync({ type: "nodebuffer" }));
      return await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  const listing = (sha256: string) =>
    JSON.stringify({
      apiVersion: "1",
      releases: [
        {
          id: archive,
          name: "Release 4.1.0",
          releaseDate: "2026-03-02",
          archiveFileUrl: server.url(archivePath),
          archiveFileName: archive,
          archiveFileSizeBytes: release.length,
          archiveFileSha256: sha256.toUpperCase(),
        },
      ],
      httpStatus: 200,
      message: "OK",
    });

  const trud = () => ({ apiUrl: server.url("/trud"), apiKey: trudKey });
  const options: FetchOptions = { actor: "fetch:dmd", http: quick, reach: { localHosts: ["127.0.0.1"] } };

  it("imports the latest weekly release once, checked against TRUD's SHA-256", async () => {
    release = await releaseZip();
    const sha256 = createHash("sha256").update(release).digest("hex");
    server.set(trudList, { body: listing(sha256), contentType: "application/json" });
    server.set(archivePath, { body: release, contentType: "application/zip" });

    const [first] = await fetchDmd(database.db, trud(), options);
    expect(first).toMatchObject({ part: "dmd", edition: "ew", period: "2026-03", status: "imported" });
    expect(first!.file).toBe("nhsbsa_dmd_4.1.0_20260302000001/ (dm+d release)");
    const gtins = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from branded_packs where period = '2026-03-01' and gtin is not null`,
    );
    expect(gtins.rows[0]!.n).toBeGreaterThan(0);

    const [second] = await fetchDmd(database.db, trud(), options);
    expect(second).toMatchObject({ status: "unchanged" });
    expect(server.hits(archivePath)).toBe(1);
  });

  it("refuses a download that is not the file TRUD published, and never shows the API key", async () => {
    server.set(trudList, {
      body: listing("0".repeat(64)).replaceAll(archive, "nhsbsa_dmd_4.1.1_20260309000001.zip"),
      contentType: "application/json",
    });
    server.set(archivePath.replace(archive, "nhsbsa_dmd_4.1.1_20260309000001.zip"), { body: release });
    const [outcome] = await fetchDmd(database.db, trud(), options);
    expect(outcome).toMatchObject({ status: "rejected" });
    expect(outcome!.message).toMatch(/not the one TRUD published/);

    server.set(trudList, { status: 401, body: '{"message":"invalid key"}' });
    const [refused] = await fetchDmd(database.db, trud(), options);
    expect(refused).toMatchObject({ status: "rejected" });
    expect(JSON.stringify(refused)).not.toContain(trudKey);
    expect(refused!.message).toMatch(/<TRUD_API_KEY>.*401/);
  });
});

describe("a scheduled pass", () => {
  it("runs one at a time, and takes over from a pass whose process died", async () => {
    const first = await claimRun(database.db, "scheduled", "schedule");
    expect(first).toBeDefined();
    expect(await claimRun(database.db, "manual", "owner@example.test")).toBeUndefined();
    const later = new Date(Date.now() + 4 * 60 * 60 * 1000);
    const next = await claimRun(database.db, "manual", "owner@example.test", later);
    expect(next).toBeDefined();
    const rows = await database.db.select().from(fetchRuns).orderBy(fetchRuns.id);
    expect(rows[0]).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(/stopped without finishing/),
    });
  });

  it("fetches nothing past the pass's time limit, and leaves the rest to the queue's next try", async () => {
    server.set(partViii, { hang: true });
    server.set(concessions, { hang: true });
    const started = Date.now();
    const http = { attempts: 4, backoffMs: 10, timeoutMs: 1_000, deadline: Date.now() + 1_500 };
    await expect(runFetch(database.db, request(null, { retriesLeft: 1, http }))).rejects.toThrow(RetryLater);
    expect((Date.now() - started) / 1000).toBeLessThan(4);
    const [run] = await database.db.select().from(fetchRuns);
    expect(run!.outcome).toBe("retrying");
    expect(run!.outcomes.map((outcome) => outcome.message)).toEqual([
      expect.stringMatching(/gave up after 2 tries, when the pass reached its time limit/),
      expect.stringMatching(/could not be read.*not fetched: the pass reached its time limit/),
    ]);
  });

  it("records each file as scheduled, and e-mails the owners once when a page's layout changed", async () => {
    const owner = await insertUser();
    server.set(concessions, { body: fixturePage("price-concessions-redesigned.html") });
    const result = await runFetch(database.db, request(owner, { now: new Date("2026-06-10T06:30:00Z") }));
    expect(result).toMatchObject({ started: true, outcome: "failed" });
    const actors = await database.db.execute<{ actor: string }>(
      sql`select distinct actor from imports where actor like 'scheduled:%'`,
    );
    expect(actors.rows.map((row) => row.actor)).toEqual(["scheduled:nhsbsa"]);
    const emails = await emailsTo(owner.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/The scheduled data fetch failed/);
    expect(emails[0]!.text).toMatch(/layout may have changed/);
    expect(emails[0]!.text).toContain("/user-master-management/imports");
  });

  it("e-mails the owners once when a month's tariff is still missing two working days after its usual date", async () => {
    const owner = await insertUser();
    // 31 July 2026 is two working days after 29 July, the usual date for August's tariff.
    const early = await runFetch(database.db, request(owner, { now: new Date("2026-06-20T06:30:00Z") }));
    expect(early).toMatchObject({ started: true });
    expect(await emailsTo(owner.email)).toEqual([]);

    // June and May are loaded now; in late July, July and August are not.
    await runFetch(database.db, request(owner, { now: new Date("2026-07-31T06:30:00Z") }));
    await runFetch(database.db, request(owner, { now: new Date("2026-08-01T06:30:00Z") }));
    const emails = await emailsTo(owner.email);
    expect(emails.map((email) => email.subject)).toEqual([
      expect.stringMatching(/Drug Tariff files have not arrived yet/),
      expect.stringMatching(/Drug Tariff files have not arrived yet/),
    ]);
    expect(emails.map((email) => /July 2026|August 2026/.exec(email.text)?.[0]).sort()).toEqual([
      "August 2026",
      "July 2026",
    ]);
  });
});

describe("the scheduled fetch job", () => {
  async function schedulesOf(name: string) {
    const { rows } = await database.pool.query(`select cron from ${jobSchema}.schedule where name = $1`, [
      name,
    ]);
    return rows as { cron: string }[];
  }

  it("follows FETCH_SCHEDULE, and FETCH=0 drops the schedule", async () => {
    expect(fetchSchedule(env())).toBe("30 6 * * *");
    expect(() => env({ FETCH_SCHEDULE: "every morning" })).toThrow(/FETCH_SCHEDULE/);

    const on = scheduledFetchJob(env({ FETCH_SCHEDULE: "15 5 * * 1-5" }));
    const first = await processes.start([on]);
    expect(await schedulesOf(on.name)).toEqual([{ cron: "15 5 * * 1-5" }]);
    await processes.stop(first);

    const off = scheduledFetchJob(env({ FETCH: "0" }));
    expect(off.schedule).toBe("off");
    await processes.start([off]);
    expect(await schedulesOf(off.name)).toEqual([]);
  });

  it("tries a pass again later when a site could not be reached, and imports then", async () => {
    await awayFromMinuteBoundary();
    await database.db.execute(
      sql`delete from tariff_datasets where part = 'viiia' and period = '2026-06-01'`,
    );
    server.set(partViii, { body: fixturePage("drug-tariff-part-viii.html"), failFirst: 1 });
    const job = scheduledFetchJob(env({ FETCH_SCHEDULE: "* * * * *" }), {
      retries: { limit: 2, delaySeconds: 1 },
      http: quick,
    });
    await processes.start([job]);
    const deadline = Date.now() + 90_000;
    let runs: (typeof fetchRuns.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      runs = await database.db.select().from(fetchRuns).orderBy(fetchRuns.id);
      if (runs.some((run) => run.outcome === "imported")) break;
      await sleep(500);
    }
    expect(runs.map((run) => run.outcome)).toEqual(["retrying", "imported"]);
    expect(runs.every((run) => run.trigger === "scheduled")).toBe(true);
    expect(server.hits(partViii)).toBe(2);
  }, 120_000);
});
