import fs from "node:fs";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  profiles,
  watchlistAlertPreferences,
  watchlistAlertsSent,
  watchlistItems,
  watchlists,
} from "@/db/schema";
import { concessionsPage, type ConcessionEntry } from "@/features/imports/layout-writers";
import { importFile } from "@/features/imports/service";
import { readOutbox, unsubscribe, unsubscribeUrlFor } from "@/lib/email";
import { insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { hasRealData, realFile } from "@tests/fixtures/real-data";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import {
  forEachUserBatch,
  sendPendingWatchlistAlerts,
  sendWatchlistAlerts,
  sendWeeklyWatchlistDigests,
} from "./alerts";

/** Watchlist alerts after real imports of Part VIIIA files in NHSBSA's layout. */
const database = setupTestDatabase();
const { folder, write } = tariffFileFolder("watchlist-alerts");
const actor = "test:watchlist-alerts";

const amiloride = viiiaRows.find((row) => String(row[0]).startsWith("Amiloride"))!;
const amilorideCode = String(amiloride[4]);
const otherRows = viiiaRows.filter((row) => row !== amiloride);

/** The month's file with Amiloride at `pence` (January lists it at £12.00). */
function monthFile(month: string, pence: number, extra: (typeof viiiaRows)[number][] = []) {
  const rows = [...otherRows, [...amiloride.slice(0, 6), pence], ...extra];
  return write(`${pence}-${extra.length}/Part VIIIA ${month} 26.csv`, viiiaCsv(month, rows));
}

async function watcher(
  options: {
    licenceId?: string;
    shared?: boolean;
    pack?: { kind: "drug" | "appliance" | "brand"; code: string };
    weekly?: boolean;
  } = {},
) {
  const user = await insertUser({ subscribed: true, licenceId: options.licenceId ?? null });
  const [list] = await database.db
    .insert(watchlists)
    .values({ ownerId: user.id, name: "Lines", shared: options.shared ?? false })
    .returning();
  await database.db
    .insert(watchlistItems)
    .values({ watchlistId: list!.id, ...(options.pack ?? { kind: "drug", code: amilorideCode }) });
  if (options.weekly)
    await database.db.insert(watchlistAlertPreferences).values({ userId: user.id, delivery: "weekly" });
  return user;
}

const mailTo = (email: string) => readOutbox({ to: email });
const textsTo = async (email: string) => (await mailTo(email)).map((mail) => mail.text).join("\n");

/** An import, then the alerts job's run after it. */
async function load(file: string) {
  const outcome = await importFile(database.db, file, { actor });
  await sendPendingWatchlistAlerts(database.db);
  return outcome;
}

beforeAll(async () => {
  const january = await load(monthFile("January", 1200));
  expect(january.status).toBe("imported");
});

describe("watchlist alerts", () => {
  it("announces each import once, however often the job runs", async () => {
    await load(monthFile("January", 1200));
    expect(await sendPendingWatchlistAlerts(database.db)).toEqual({ imports: 0, emails: 0 });
  });

  it("e-mails each watcher once per import, naming the pack with its old and new prices, and never again for the same change", async () => {
    const user = await watcher();
    const bystander = await insertUser({ subscribed: true });

    const february = await load(monthFile("February", 1500));
    expect(february.status).toBe("imported");
    const [mail, ...more] = await mailTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Watchlist: 1 change in Part VIIIA, February 2026");
    expect(mail!.text).toContain("Amiloride 5mg tablets");
    expect(mail!.text).toContain("price £12.00 → £15.00 (+25.0%)");
    expect(mail!.text).toContain(`/drug-info/${amilorideCode}`);
    expect(mail!.headers["List-Unsubscribe"]).toBeDefined();
    expect(await mailTo(bystander.email)).toEqual([]);

    // The same file again is unchanged; a re-issued February with the same price change sends nothing either.
    const again = await load(monthFile("February", 1500));
    expect(again.status).toBe("unchanged");
    const reissued = await load(
      monthFile("February", 1500, [
        ["Zinc 10mg tablets", 30, "tablet", "111111", "222222", "Part VIIIA Category C", 100],
      ]),
    );
    expect(reissued.status).toBe("imported");
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it("sends one digest when two runs announce the same import at once", async () => {
    const user = await watcher();
    await load(monthFile("March", 1800));
    expect(await mailTo(user.email)).toHaveLength(1);
    const announce = () =>
      sendWatchlistAlerts(database.db, { edition: 1, part: "viiia", periods: ["2026-03"] });
    expect((await Promise.all([announce(), announce()])).map((result) => result.emails)).toEqual([0, 0]);

    // Forget what was sent, then race two runs: the unique key lets exactly one of them send.
    await database.db.delete(watchlistAlertsSent).where(eq(watchlistAlertsSent.userId, user.id));
    const raced = await Promise.all([announce(), announce()]);
    expect(raced.reduce((sum, result) => sum + result.changes, 0)).toBe(1);
    expect(await mailTo(user.email)).toHaveLength(2);
  });

  it("reaches everyone on the licence of a shared watchlist, and stops when they leave it", async () => {
    const organisation = await insertOrganisation();
    const owner = await watcher({ licenceId: organisation.licenceId, shared: true });
    await load(monthFile("April", 2000));
    expect(await mailTo(organisation.member.email)).toHaveLength(1);

    await database.db
      .update(profiles)
      .set({ licenceId: null })
      .where(eq(profiles.id, organisation.member.id));
    await load(monthFile("May", 2400));
    expect(await mailTo(organisation.member.email)).toHaveLength(1);
    expect(await mailTo(owner.email)).toHaveLength(2);
    expect(await mailTo(organisation.admin.email)).toHaveLength(2);
  });

  it("honours alerts turned off, a threshold above the change, and an unsubscribe", async () => {
    const off = await watcher();
    const choosy = await watcher();
    const keen = await watcher();
    const gone = await watcher();
    await database.db.insert(watchlistAlertPreferences).values([
      { userId: off.id, enabled: false },
      { userId: choosy.id, thresholdPercent: 30 },
      { userId: keen.id, thresholdPercent: 10 },
    ]);
    await unsubscribe(gone.email);
    // 2400 → 2700: +12.5%.
    await load(monthFile("June", 2700));
    expect(await mailTo(off.email)).toEqual([]);
    expect(await mailTo(choosy.email)).toEqual([]);
    expect(await mailTo(keen.email)).toHaveLength(1);
    expect(await mailTo(gone.email)).toEqual([]);
  });
});

/** CPE's concessions page for `month`, with Amiloride at `price` when given. */
function concessionFile(month: string, price: string | null, extra: ConcessionEntry[] = []) {
  const entries = [
    ...(price ? [{ drug: "Amiloride 5mg tablets", packSize: "28", price }] : []),
    { drug: "Acamprosate 333mg gastro- resistant tablets", packSize: "168", price: "£30.00" },
    ...extra,
  ];
  const page = concessionsPage({ month, updated: `1 ${month}`, entries });
  return write(`${month}-${price}-${extra.length}/price_concessions.html`, page);
}

describe("concession alerts", () => {
  it("tell every watcher, in either edition, of a concession granted, changed and ended, once each", async () => {
    const user = await watcher();
    const ni = await watcher();
    await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, ni.id));

    expect((await load(concessionFile("January 2027", "£15.54"))).status).toBe("imported");
    const [granted] = await mailTo(user.email);
    expect(granted!.subject).toBe("Watchlist: 1 change in Price concessions, January 2027");
    expect(granted!.text).toContain("concession granted for January 2027: £15.54");
    expect(granted!.text).toContain(`/drug-info/${amilorideCode}`);
    expect(granted!.headers["List-Unsubscribe"]).toBeDefined();
    expect(await mailTo(ni.email)).toHaveLength(1);

    // The same page again, and the page updated with another line: nothing new for Amiloride.
    expect((await load(concessionFile("January 2027", "£15.54"))).status).toBe("unchanged");
    const more = [
      {
        drug: "Adrenaline (base) 100micrograms/1ml (1 in 10,000) dilute solution for injection ampoules",
        packSize: "10",
        price: "£90.00",
      },
    ];
    expect((await load(concessionFile("January 2027", "£15.54", more))).status).toBe("imported");
    expect(await mailTo(user.email)).toHaveLength(1);

    await load(concessionFile("February 2027", "£16.00"));
    expect(await textsTo(user.email)).toContain("concession for February 2027 £15.54 → £16.00");

    await load(concessionFile("March 2027", null));
    expect(await textsTo(user.email)).toContain("no concession for March 2027 (£16.00 the month before)");
    expect(await mailTo(user.email)).toHaveLength(3);
    expect(await mailTo(ni.email)).toHaveLength(3);
  });

  it("sends one e-mail when two imports of the same page and two alert runs happen at once", async () => {
    const user = await watcher();
    const file = concessionFile("April 2027", "£17.00");
    const outcomes = await Promise.all([
      importFile(database.db, file, { actor }),
      importFile(database.db, file, { actor }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["imported", "unchanged"]);
    await Promise.all([sendPendingWatchlistAlerts(database.db), sendPendingWatchlistAlerts(database.db)]);
    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("concession granted for April 2027: £17.00");
  });
});

describe("the weekly digest", () => {
  it("gathers a weekly user's changes into one e-mail, sent once, however often or at once it runs", async () => {
    const weekly = await watcher({ weekly: true });
    const atOnce = await watcher();
    await load(concessionFile("May 2027", "£18.00"));
    await load(monthFile("July", 3000));
    expect(await mailTo(weekly.email)).toEqual([]);
    expect(await mailTo(atOnce.email)).toHaveLength(2);

    const runs = await Promise.all([
      sendWeeklyWatchlistDigests(database.db, new Date("2027-05-03T07:00:00Z")),
      sendWeeklyWatchlistDigests(database.db, new Date("2027-05-03T07:00:00Z")),
    ]);
    expect(runs.reduce((sum, run) => sum + run.changes, 0)).toBe(2);
    const [digest, ...others] = await mailTo(weekly.email);
    expect(others).toEqual([]);
    expect(digest!.subject).toBe("Watchlist: 2 changes in the week to 3 May 2027");
    expect(digest!.text).toContain("Price concessions, May 2027: concession for May 2027 £17.00 → £18.00");
    expect(digest!.text).toContain("Part VIIIA, July 2026: price £27.00 → £30.00");
    expect(digest!.headers["List-Unsubscribe"]).toBeDefined();
    // Only the weekly user's changes waited: the other user's were sent at once, never again.
    expect(await mailTo(atOnce.email)).toHaveLength(2);

    expect(await sendWeeklyWatchlistDigests(database.db)).toEqual({ emails: 0, changes: 0 });
    expect(await mailTo(weekly.email)).toHaveLength(1);
  });

  it("leaves out the shared lists of a licence the user left before the digest went", async () => {
    const organisation = await insertOrganisation();
    await watcher({ licenceId: organisation.licenceId, shared: true });
    await database.db
      .insert(watchlistAlertPreferences)
      .values({ userId: organisation.member.id, delivery: "weekly" });
    await load(monthFile("August", 3300));
    await database.db
      .update(profiles)
      .set({ licenceId: null })
      .where(eq(profiles.id, organisation.member.id));
    await sendWeeklyWatchlistDigests(database.db);
    expect(await mailTo(organisation.member.email)).toEqual([]);
    expect(await mailTo(organisation.admin.email)).toHaveLength(1);
  });
});

describe("one e-mail for many watchers", () => {
  it("gives each watcher of the same changes their own copy, with their own name and unsubscribe link", async () => {
    const asha = await watcher();
    const ben = await watcher();
    const nameless = await watcher();
    for (const [user, firstName] of [
      [asha, "Asha"],
      [ben, "Ben"],
      [nameless, null],
    ] as const)
      await database.db.update(profiles).set({ firstName }).where(eq(profiles.id, user.id));
    await load(concessionFile("June 2027", "£19.00"));

    const copies = await Promise.all([asha, ben, nameless].map((user) => mailTo(user.email)));
    expect(copies.map((mails) => mails.length)).toEqual([1, 1, 1]);
    const [ashas = "", bens = "", unnamed = ""] = copies.map(([mail]) => mail!.text ?? "");
    expect(ashas).toContain("Hello Asha,");
    expect(ashas).toContain(unsubscribeUrlFor(asha.email));
    expect(ashas).not.toContain(unsubscribeUrlFor(ben.email));
    expect(bens).toContain("Hello Ben,");
    expect(bens).toContain(unsubscribeUrlFor(ben.email));
    expect(unnamed).toContain("Hello,");
    expect(unnamed).toContain(unsubscribeUrlFor(nameless.email));
    // The same words for all three, but for the name and the link.
    const words = (text: string, user: { email: string }) =>
      text.replace(/Hello[^,]*,/, "").replace(unsubscribeUrlFor(user.email), "");
    expect(words(bens, ben)).toBe(words(ashas, asha));
    expect(words(unnamed, nameless)).toBe(words(ashas, asha));
    expect(ashas).toContain("concession for June 2027 £18.00 → £19.00");
  });
});

describe("users a batch at a time", () => {
  it("deals with every user exactly once, in batches of at most the size asked, and adds up what each did", async () => {
    for (let added = 0; added < 5; added += 1) await insertUser({ subscribed: added % 2 === 0 });
    const everyone = (await database.db.select({ id: profiles.id }).from(profiles).orderBy(profiles.id)).map(
      (row) => row.id,
    );
    const batches: string[][] = [];
    const done = await forEachUserBatch(
      database.db,
      async (inBatch) => {
        const { rows } = await database.db.execute<{ id: string }>(
          sql`select id from profiles where ${inBatch(sql`id`)} order by id`,
        );
        batches.push(rows.map((row) => row.id));
        return { emails: 1, changes: rows.length };
      },
      2,
    );
    expect(batches.flat()).toEqual(everyone);
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(everyone.length / 2));
    expect(done).toEqual({ emails: batches.length, changes: everyone.length });
  });
});

describe("deletion with a replacement", () => {
  it("names the pack that replaced a watched one", async () => {
    const user = await watcher();
    const replacement = [...amiloride.slice(0, 4), "99999911000001100", ...amiloride.slice(5, 6), 3300];
    await load(
      write("replaced/Part VIIIA September 26.csv", viiiaCsv("September", [...otherRows, replacement])),
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.text).toContain("no longer listed; replaced by Amiloride 5mg tablets (99999911000001100)");
  });
});

describe.runIf(hasRealData)("discontinued packs (real dm+d subset)", () => {
  /** The real release as `period`; `available`: with every pack's discontinuation taken out. */
  function release(period: string, available: boolean) {
    const target = path.join(folder, `nhsbsa_dmd_${period}`);
    fs.mkdirSync(target, { recursive: true });
    for (const name of fs.readdirSync(realFile("dmd-xml-subset"))) {
      const text = fs.readFileSync(realFile("dmd-xml-subset", name), "utf8");
      fs.writeFileSync(
        path.join(target, name),
        available ? text.replace(/\s*<DISC(CD|DT)>[^<]*<\/DISC(CD|DT)>/g, "") : text,
      );
    }
    return path.join(target, "f_ampp2_3010419.xml");
  }

  it("tells the watchers of a pack the release newly marks discontinued, once", async () => {
    const nutrison = "10837111000001102";
    const user = await watcher({ pack: { kind: "brand", code: nutrison } });
    const first = await importFile(database.db, release("2027-01", true), {
      actor,
      overrides: { period: "2027-01" },
    });
    expect(first.status).toBe("imported");
    await sendPendingWatchlistAlerts(database.db);
    expect(await mailTo(user.email)).toEqual([]);

    await importFile(database.db, release("2027-02", false), { actor, overrides: { period: "2027-02" } });
    await sendPendingWatchlistAlerts(database.db);
    const [mail, ...more] = await mailTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("Nutrison liquid (Waymade Healthcare Plc) 1000 ml");
    expect(mail!.text).toContain("discontinued from 2012-09-03");
    expect(mail!.text).toContain(`/brand-info/${nutrison}`);

    // A later release still marking it discontinued is the same change.
    await importFile(database.db, release("2027-03", false), { actor, overrides: { period: "2027-03" } });
    await sendPendingWatchlistAlerts(database.db);
    expect(await mailTo(user.email)).toHaveLength(1);
  });
});
