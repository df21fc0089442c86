import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  profiles,
  watchlistAlertPreferences,
  watchlistAlertsSent,
  watchlistItems,
  watchlists,
} from "@/db/schema";
import { importFile } from "@/features/imports/service";
import { readOutbox, unsubscribe } from "@/lib/email";
import { insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { sendPendingWatchlistAlerts, sendWatchlistAlerts } from "./alerts";

/** Watchlist alerts after real imports of Part VIIIA files in NHSBSA's layout. */
const database = setupTestDatabase();
const { write } = tariffFileFolder("watchlist-alerts");
const actor = "test:watchlist-alerts";

const amiloride = viiiaRows.find((row) => String(row[0]).startsWith("Amiloride"))!;
const amilorideCode = String(amiloride[4]);
const otherRows = viiiaRows.filter((row) => row !== amiloride);

/** The month's file with Amiloride at `pence` (January lists it at £12.00). */
function monthFile(month: string, pence: number, extra: (typeof viiiaRows)[number][] = []) {
  const rows = [...otherRows, [...amiloride.slice(0, 6), pence], ...extra];
  return write(`${pence}-${extra.length}/Part VIIIA ${month} 26.csv`, viiiaCsv(month, rows));
}

async function watcher(options: { licenseId?: string; shared?: boolean } = {}) {
  const user = await insertUser({ subscribed: true, licenseId: options.licenseId ?? null });
  const [list] = await database.db
    .insert(watchlists)
    .values({ ownerId: user.id, name: "Lines", shared: options.shared ?? false })
    .returning();
  await database.db
    .insert(watchlistItems)
    .values({ watchlistId: list!.id, kind: "drug", code: amilorideCode });
  return user;
}

const mailTo = (email: string) => readOutbox({ to: email });

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
    const owner = await watcher({ licenseId: organisation.licenseId, shared: true });
    await load(monthFile("April", 2000));
    expect(await mailTo(organisation.member.email)).toHaveLength(1);

    await database.db
      .update(profiles)
      .set({ licenseId: null })
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
