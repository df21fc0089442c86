import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { profiles, watchlistItems, watchlists } from "@/db/schema";
import { announceImports, sendPendingWatchlistAlerts } from "@/features/watchlists/alerts";
import { readOutbox, unsubscribeUrlFor } from "@/lib/email";
import { parseEnv } from "@/lib/env";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { startFetchServer } from "@tests/fixtures/fetch-server";
import { viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { concessionsPage, type ConcessionEntry } from "@/features/imports/layout-writers";
import { sourceSettingsOf } from "@/features/imports/fetch/fetchers";
import {
  cpeMinutes,
  describePolling,
  pollPublishers,
  pollScheduleOf,
  type PollRequest,
} from "@/features/imports/fetch/poll";

/**
 * The poller (ADR 205, ADR 206) against a local stand-in for CPE's and NHSBSA's pages that answers
 * conditional requests as their web servers do: an unchanged page costs one request and no import, a
 * change is imported and announced in the same run, once, and a publisher that is down is asked less
 * often, reported to the owners once, and its change announced once when it is back.
 */
const database = setupTestDatabase();
const server = startFetchServer();

const concessionsPath = "/price-concessions/";
const partViiiPath = "/drug-tariff/drug-tariff-part-viii";

const amiloride = viiiaRows.find((row) => String(row[0]).startsWith("Amiloride"))!;
const amilorideCode = String(amiloride[4]);
const acamprosate = viiiaRows.find((row) => String(row[0]).startsWith("Acamprosate"))!;
const acamprosateCode = String(acamprosate[4]);

/** Wednesday 17 June 2026, 10:00 UK time: CPE's busy hours, NHSBSA's busy half of the month. */
let clock = new Date("2026-06-17T09:00:00Z");
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

const env = () =>
  parseEnv({
    NHSBSA_TARIFF_URL: server.url(partViiiPath),
    CPE_CONCESSIONS_URL: server.url(concessionsPath),
    FETCH_ALLOWED_HOSTS: "127.0.0.1",
  });

function request(owner: TestUser | null): PollRequest {
  return {
    settings: sourceSettingsOf(env()),
    schedule: pollScheduleOf(env()),
    announce: (ids) => announceImports(database.db, ids, clock),
    ownerIds: owner ? [owner.id] : [],
    consoleUrl: "http://localhost:3000/user-master-management/imports",
    now: () => clock,
    http: { timeoutMs: 5_000, totalMs: 5_000 },
    importHttp: { attempts: 1, backoffMs: 10, timeoutMs: 5_000 },
  };
}

const poll = (owner: TestUser | null = null) => pollPublishers(database.db, request(owner));

function concessions(entries: ConcessionEntry[], updated: string) {
  return concessionsPage({ month: "June 2026", updated, entries });
}

const amilorideConcession = (price: string): ConcessionEntry => ({
  drug: "Amiloride 5mg tablets",
  packSize: "28",
  price,
});

/** NHSBSA's Part VIII page linking Part VIIIA for each month named. */
function partViiiPage(months: { name: string; short: string }[]) {
  const links = months
    .map(
      (month) =>
        `<p><a class="ckfile file" href="/files/Part%20VIIIA%20${month.short}%2026.csv" type="text/csv">Part VIIIA ${month.name} 2026 (CSV: 1KB)</a></p>`,
    )
    .join("\n");
  return `<!DOCTYPE html><html lang="en"><head><title>Drug Tariff Part VIII</title></head><body><main>
<h1>Drug Tariff Part VIII</h1><h2>Part VIIIA</h2>${links}</main></body></html>`;
}

const june = { name: "June", short: "Jun" };
const july = { name: "July", short: "Jul" };

/** Part VIIIA for `month`, with Amiloride at `pence`. */
function viiiaFile(month: string, pence: number) {
  const rows = viiiaRows.map((row) => (row === amiloride ? [...row.slice(0, 6), pence] : row));
  return viiiaCsv(month, rows);
}

async function watcher(code: string) {
  const user = await insertUser({ subscribed: true });
  const [list] = await database.db
    .insert(watchlists)
    .values({ ownerId: user.id, name: "Orders", shared: false })
    .returning();
  await database.db.insert(watchlistItems).values({ watchlistId: list!.id, kind: "drug", code });
  return user;
}

const mailTo = (user: TestUser) => readOutbox({ to: user.email });

async function importCount(): Promise<number> {
  const result = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from imports where actor like 'poll:%'`,
  );
  return result.rows[0]!.n;
}

async function publicationRows() {
  const result = await database.db.execute<{
    source: string;
    found_at: Date;
    imported_at: Date | null;
    announced_at: Date | null;
    emails: number;
    outcome: string;
  }>(sql`select source, found_at, imported_at, announced_at, emails, outcome from publications order by id`);
  return result.rows;
}

function serve(concessionEntries: ConcessionEntry[], months = [june]) {
  server.set(concessionsPath, { body: concessions(concessionEntries, "17th June 2026"), validators: true });
  server.set(partViiiPath, { body: partViiiPage(months), validators: true });
  server.set("/files/Part VIIIA Jun 26.csv", { body: viiiaFile("June", 1200) });
  server.set("/files/Part VIIIA Jul 26.csv", { body: viiiaFile("July", 1500) });
}

beforeEach(async () => {
  server.reset();
  clock = new Date("2026-06-17T09:00:00Z");
  await database.db.execute(sql`truncate publisher_pages, publications, fetch_alerts`);
});

describe("the schedule", () => {
  it("asks CPE every minute in working hours on working days, every 15 minutes otherwise, and says so in words", () => {
    const schedule = pollScheduleOf(env());
    expect(cpeMinutes(schedule, new Date("2026-06-17T09:00:00Z"))).toBe(1); // Wednesday 10:00 BST
    expect(cpeMinutes(schedule, new Date("2026-06-17T20:30:00Z"))).toBe(15); // 21:30 BST
    expect(cpeMinutes(schedule, new Date("2026-06-20T09:00:00Z"))).toBe(15); // Saturday
    expect(cpeMinutes(schedule, new Date("2026-12-02T06:30:00Z"))).toBe(15); // 06:30 GMT
    expect(cpeMinutes(schedule, new Date("2026-12-02T07:00:00Z"))).toBe(1); // 07:00 GMT
    expect(describePolling(schedule).map((line) => line.words)).toEqual([
      "CPE's price concessions page: every minute from 07:00 to 21:00 UK time, Monday to Friday; every 15 minutes otherwise.",
      "NHSBSA's Drug Tariff pages: every 15 minutes from the 15th of the month until next month's Part VIIIA and Part IX are in; hourly otherwise.",
    ]);
  });
});

describe("polling the publishers: asking", () => {
  it("asks conditionally, naming the product and a contact, so an unchanged page costs one small request and no import", async () => {
    serve([]);
    const first = await poll();
    expect(first.asked).toBe(2);
    const imported = await importCount();
    expect(server.lastRequest(concessionsPath)?.["user-agent"]).toMatch(
      /TariffScope-fetch \(\+mailto:support@tariffscope\.co\.uk\)/,
    );

    // Within the minute nothing is due; a minute on CPE is asked again, with the validators it gave.
    advance(0.5);
    expect((await poll()).asked).toBe(0);
    advance(0.5);
    const second = await poll();
    expect(second.asked).toBe(1);
    expect(second.nextInSeconds).toBeCloseTo(60, 0);
    expect(server.lastRequest(concessionsPath)?.["if-none-match"]).toMatch(/^"[0-9a-f]{16}"$/);
    expect(server.lastRequest(concessionsPath)?.["if-modified-since"]).toBeDefined();
    expect(server.notModified(concessionsPath)).toBe(1);
    // The first ask, the importer's download of the changed page, and the 304.
    expect(server.hits(concessionsPath)).toBe(3);

    // A server without validators sends the page again: the same content is known by its hash.
    server.set(concessionsPath, { body: concessions([], "17th June 2026") });
    advance(1);
    expect((await poll()).publications).toEqual([]);
    expect(await importCount()).toBe(imported);
    const [page] = (
      await database.db.execute<{ last_answer: string; requests: number; not_modified: number }>(
        sql`select last_answer, requests, not_modified from publisher_pages where source = 'cpe'`,
      )
    ).rows;
    expect(page).toEqual({ last_answer: "unchanged (same content)", requests: 3, not_modified: 1 });
  });
});

describe("polling the publishers: concessions", () => {
  it("imports and announces a concession list at once, one e-mail per watcher, and a repeated poll sends nothing", async () => {
    serve([]);
    await poll(); // June's Part VIIIA, for the concessions to name packs by.
    const keen = await watcher(amilorideCode);
    const bystander = await watcher(acamprosateCode);
    // The same e-mail is rendered once for every watcher of the same changes: each still gets their
    // own name (or none) and their own unsubscribe link.
    const named = await watcher(amilorideCode);
    const nameless = await watcher(amilorideCode);
    await database.db.update(profiles).set({ firstName: "Zoë & <Co>" }).where(eq(profiles.id, named.id));
    await database.db.update(profiles).set({ firstName: null }).where(eq(profiles.id, nameless.id));

    advance(1);
    server.set(concessionsPath, {
      body: concessions([amilorideConcession("£1.45")], "17th June 2026 at 15:00"),
      validators: true,
    });
    const found = await poll();
    expect(found.publications).toHaveLength(1);
    const [mail, ...more] = await mailTo(keen);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Watchlist: 1 change in Price concessions, June 2026");
    expect(mail!.text).toContain("concession granted for June 2026: £1.45");
    expect(await mailTo(bystander)).toEqual([]);
    const [forNamed] = await mailTo(named);
    const [forNameless] = await mailTo(nameless);
    expect(forNamed!.text).toContain("Hello Zoë & <Co>,");
    expect(forNamed!.html).toContain("Hello Zoë &#38; &#60;Co&#62;,");
    expect(forNameless!.text).toContain("Hello,");
    for (const [user, received] of [
      [keen, mail!],
      [named, forNamed!],
      [nameless, forNameless!],
    ] as const) {
      expect(received.text).toContain(unsubscribeUrlFor(user.email));
      expect(received.html).toContain(unsubscribeUrlFor(user.email));
      // Every placeholder of the shared rendering was filled in (a token may hold "QQ" by chance).
      expect(received.text).not.toMatch(/QQFIRSTNAMEQQ|QQUNSUBSCRIBEQQ/);
      expect(received.html).not.toMatch(/QQFIRSTNAMEQQ|QQUNSUBSCRIBEQQ/);
    }

    const [publication] = (await publicationRows()).filter((row) => row.source === "cpe" && row.emails > 0);
    expect(publication).toMatchObject({ outcome: "imported", emails: 3 });
    const time = (value: Date | string | null) => new Date(value!).getTime();
    expect(time(publication!.imported_at)).toBeGreaterThanOrEqual(time(publication!.found_at));
    expect(time(publication!.announced_at)).toBeGreaterThanOrEqual(time(publication!.imported_at));

    // Asked again: 304, nothing imported, nothing sent; nor by the every-minute alerts job.
    const imported = await importCount();
    for (let minute = 0; minute < 3; minute++) {
      advance(1);
      expect((await poll()).publications).toEqual([]);
    }
    expect(await sendPendingWatchlistAlerts(database.db)).toMatchObject({ emails: 0 });
    expect(await importCount()).toBe(imported);
    expect(await mailTo(keen)).toHaveLength(1);

    // A changed price later in the day is a new publication, and a new e-mail.
    advance(1);
    server.set(concessionsPath, {
      body: concessions([amilorideConcession("£1.60")], "17th June 2026 at 17:00"),
      validators: true,
    });
    await poll();
    const mails = await mailTo(keen);
    expect(mails).toHaveLength(2);
    // (A month's concessions are compared with the month before's, as every import's are.)
    expect(mails[0]!.text).toContain("concession granted for June 2026: £1.60");
  });
});

describe("polling the publishers: next month's Part VIIIA", () => {
  it("announces next month's Part VIIIA once, as what changes from the 1st, to watchers of the packs it changes", async () => {
    serve([]);
    await poll();
    const keen = await watcher(amilorideCode);
    const unchanged = await watcher(acamprosateCode);

    advance(15);
    server.set(partViiiPath, { body: partViiiPage([july, june]), validators: true });
    const found = await poll();
    expect(found.publications).toHaveLength(1);
    const [mail, ...more] = await mailTo(keen);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("From 1 July: 1 change to packs you watch (Part VIIIA, July 2026)");
    expect(mail!.text).toContain("From 1 July, these packs on your watchlists change");
    expect(mail!.text).toContain("price £12.00 → £15.00 (+25.0%): £3.00 more reimbursed a pack");
    expect(await mailTo(unchanged)).toEqual([]);

    // Asked again a quarter of an hour on, and after the next-month files are in: nothing more.
    for (let quarter = 0; quarter < 4; quarter++) {
      advance(15);
      await poll();
    }
    expect(await mailTo(keen)).toHaveLength(1);
  });
});

describe("polling the publishers: a publisher that is down", () => {
  it("backs off from a publisher that is down, tells the owners once, and announces its change once when it is back", async () => {
    const owner = await insertUser({ subscribed: true });
    serve([]);
    await poll(owner);
    const keen = await watcher(amilorideCode);

    server.set(concessionsPath, { status: 503, failFirst: 1_000, body: "Service Unavailable" });
    const asks = () => server.hits(concessionsPath);
    const before = asks();
    // Failures at 0, then after 2, 4 and 8 minutes (each wait doubling from the minute's pace).
    const minutes: number[] = [];
    for (let minute = 1; minute <= 16; minute++) {
      advance(1);
      const asked = asks();
      await poll(owner);
      if (asks() > asked) minutes.push(minute);
    }
    expect(minutes).toEqual([1, 3, 7, 15]);
    expect(asks() - before).toBe(4);
    const down = (await mailTo(owner)).filter((mail) => /cannot be reached/.test(mail.subject));
    expect(down).toHaveLength(1);
    expect(down[0]!.text).toContain(server.url(concessionsPath));

    // Back, with a new concession: imported and announced once; the owners are not told again.
    server.set(concessionsPath, {
      body: concessions([amilorideConcession("£1.75")], "17th June 2026 at 16:00"),
      validators: true,
    });
    for (let minute = 0; minute < 20; minute++) {
      advance(1);
      await poll(owner);
    }
    const mails = await mailTo(keen);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("concession granted for June 2026: £1.75");
    expect((await mailTo(owner)).filter((mail) => /cannot be reached/.test(mail.subject))).toHaveLength(1);
    const [page] = (
      await database.db.execute<{ failures: number; last_answer: string }>(
        sql`select failures, last_answer from publisher_pages where source = 'cpe'`,
      )
    ).rows;
    expect(page).toEqual({ failures: 0, last_answer: "unchanged (304 Not Modified)" });
  });
});
