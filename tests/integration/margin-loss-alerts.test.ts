import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { profiles, watchlistAlertPreferences } from "@/db/schema";
import { concessionsPage, type ConcessionEntry } from "@/features/imports/layout-writers";
import { importFile } from "@/features/imports/service";
import { sendPendingWatchlistAlerts, sendWeeklyWatchlistDigests } from "@/features/watchlists/alerts";
import { readOutbox } from "@/lib/email";
import { insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { marginOwnerOf } from "@/features/margins/access";
import { correctMatch, getUpload, saveUpload } from "@/features/margins/queries";
import { readTable } from "@/features/margins/read-upload";

/**
 * Margin-check lines that turn loss-making after an import (ADR 134), through the real importer and
 * the alerts job's run after it: Amiloride 5mg tablets (Category A, generics rate) at a new price.
 */
const database = setupTestDatabase();
const { write } = tariffFileFolder("margin-loss-alerts");
const actor = "test:margin-loss-alerts";

const amiloride = viiiaRows.find((row) => String(row[0]).startsWith("Amiloride"))!;
const amilorideCode = String(amiloride[4]);
const otherRows = viiiaRows.filter((row) => row !== amiloride);

/** The month's Part VIIIA file with Amiloride at `pence`. */
function monthFile(month: string, pence: number) {
  const rows = [...otherRows, [...amiloride.slice(0, 6), pence]];
  return write(`${month}-${pence}/Part VIIIA ${month} 26.csv`, viiiaCsv(month, rows));
}

/** An import, then the alerts job's run after it. */
async function load(file: string) {
  const outcome = await importFile(database.db, file, { actor });
  await sendPendingWatchlistAlerts(database.db);
  return outcome.status;
}

/** CPE's concessions page for May 2026, with Amiloride at `price` when given. */
function mayConcessions(price: string | null, version: string, extra: ConcessionEntry[] = []) {
  const entries = [
    ...(price ? [{ drug: "Amiloride 5mg tablets", packSize: "28", price }] : []),
    { drug: "Acamprosate 333mg gastro- resistant tablets", packSize: "168", price: "£30.00" },
    ...extra,
  ];
  return write(
    `${version}/price_concessions.html`,
    concessionsPage({ month: "May 2026", updated: "1 May 2026", entries }),
  );
}

const mailTo = (email: string) => readOutbox({ to: email });
const optIn = (userId: string) =>
  database.db.insert(watchlistAlertPreferences).values({ userId, marginLosses: true });

/** A licence whose admin chose margin-check lines and whose member did not, with an uploaded list. */
async function licenceWithList(costPence: number, product = amilorideCode) {
  const { admin, member, licenceId } = await insertOrganisation();
  await optIn(admin.id);
  const owner = marginOwnerOf(admin);
  const pounds = (costPence / 100).toFixed(2);
  const table = await readTable(
    "prices.csv",
    new TextEncoder().encode(`Product,Cost\n${product},${pounds}\nParacetamol 500mg tablets,0.10`),
  );
  const upload = await saveUpload(owner, "prices.csv", table, {
    product: "Product",
    code: null,
    packSize: null,
    cost: "Cost",
  });
  return { admin, member, licenceId, owner, uploadId: upload.id };
}

async function reimbursementNow(owner: ReturnType<typeof marginOwnerOf>, uploadId: string) {
  const result = await getUpload(owner, uploadId);
  return result!.lines.find((line) => line.code === amilorideCode)!.reimbursementPence;
}

beforeAll(async () => {
  expect(await load(monthFile("January", 1200))).toBe("imported");
});

describe("margin-check lines that turn loss-making", () => {
  it("are e-mailed once, with cost and new reimbursement, to the licence's users who chose them, and to no one else", async () => {
    // £12.00 less 20% is £9.60: bought at £9.10, a profit.
    const pharmacy = await licenceWithList(910);
    expect(await reimbursementNow(pharmacy.owner, pharmacy.uploadId)).toBe(960);
    const other = await licenceWithList(2000);
    const outsider = await insertUser({ subscribed: true });
    await optIn(outsider.id);

    // February's £10.00 less 20% is £8.00: now below the £9.10 paid.
    expect(await load(monthFile("February", 1000))).toBe("imported");
    expect(await reimbursementNow(pharmacy.owner, pharmacy.uploadId)).toBe(800);
    const mails = await mailTo(pharmacy.admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      "Watchlist: 1 margin-check line now at a loss in Part VIIIA, February 2026",
    );
    expect(mails[0]!.text).toContain(amilorideCode);
    expect(mails[0]!.text).toContain(
      "prices.csv: bought at £9.10, reimbursement for February 2026 now £8.00 (was £9.60), a loss of £1.10 a pack",
    );
    expect(mails[0]!.text).toContain(`/margin-check?upload=${pharmacy.uploadId}`);

    // Not the member who did not choose them, not another licence whose line (bought at £20.00) was a
    // loss all along, not an opted-in user of no licence.
    expect(await mailTo(pharmacy.member.email)).toEqual([]);
    expect(await mailTo(other.admin.email)).toEqual([]);
    expect(await mailTo(outsider.email)).toEqual([]);

    // The same file again, and a later run of the job: nothing new.
    expect(await load(monthFile("February", 1000))).toBe("unchanged");
    expect(await sendPendingWatchlistAlerts(database.db)).toEqual({ imports: 0, emails: 0 });
    expect(await mailTo(pharmacy.admin.email)).toHaveLength(1);
  });

  it("tells another licence's users only of their own lines", async () => {
    // Both licences bought at £7.90 against £8.00; March's £9.50 less 20% (£7.60) turns both: each
    // admin hears of their own upload only.
    const first = await licenceWithList(790);
    const second = await licenceWithList(790);
    expect(await load(monthFile("March", 950))).toBe("imported");
    const [mine, ...more] = await mailTo(first.admin.email);
    const [theirs] = await mailTo(second.admin.email);
    expect(more).toEqual([]);
    expect(mine!.text).toContain(`/margin-check?upload=${first.uploadId}`);
    expect(mine!.text).not.toContain(second.uploadId);
    expect(theirs!.text).toContain(`/margin-check?upload=${second.uploadId}`);
    expect(theirs!.text).not.toContain(first.uploadId);
  });

  it("are told in the reader's edition, and once when two alert runs happen at once", async () => {
    const pharmacy = await licenceWithList(700);
    await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, pharmacy.member.id));
    await optIn(pharmacy.member.id);
    const file = monthFile("May", 800);
    const outcomes = await Promise.all([
      importFile(database.db, file, { actor }),
      importFile(database.db, file, { actor }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["imported", "unchanged"]);
    await Promise.all([sendPendingWatchlistAlerts(database.db), sendPendingWatchlistAlerts(database.db)]);
    // £8.00 less 20% is £6.40, below £7.00: England & Wales' admin is told, once. Northern Ireland
    // loaded no May, so its reader's figure did not move and its member hears nothing.
    expect(await mailTo(pharmacy.admin.email)).toHaveLength(1);
    expect(await mailTo(pharmacy.member.email)).toEqual([]);
  });

  it("come from a concession import too, and wait for the weekly digest of a weekly user", async () => {
    // May's concession of £15.54 is paid without deduction: bought at £10.00, a profit.
    expect(await load(mayConcessions("£15.54", "granted"))).toBe("imported");
    const pharmacy = await licenceWithList(1000);
    await database.db
      .update(watchlistAlertPreferences)
      .set({ delivery: "weekly" })
      .where(eq(watchlistAlertPreferences.userId, pharmacy.admin.id));
    expect(await reimbursementNow(pharmacy.owner, pharmacy.uploadId)).toBe(1554);

    // CPE's page for May without Amiloride: the basic price again, £6.40 against £10.00 paid.
    expect(await load(mayConcessions(null, "withdrawn"))).toBe("imported");
    expect(await reimbursementNow(pharmacy.owner, pharmacy.uploadId)).toBe(640);
    expect(await mailTo(pharmacy.admin.email)).toEqual([]);

    await Promise.all([sendWeeklyWatchlistDigests(database.db), sendWeeklyWatchlistDigests(database.db)]);
    const mails = await mailTo(pharmacy.admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      "Price concessions, May 2026: prices.csv: bought at £10.00, reimbursement for May 2026 now £6.40 (was £15.54), a loss of £3.60 a pack",
    );
  });

  it("start again from where they stand when corrected to another pack: a new pack is no turn", async () => {
    // Bought at £10.00: Acamprosate (£24.14, or its concession of £30.00) is a profit, Amiloride a loss.
    const acamprosate = String(viiiaRows.find((row) => String(row[0]).startsWith("Acamprosate"))![4]);
    const pharmacy = await licenceWithList(1000, acamprosate);
    const line = (await getUpload(pharmacy.owner, pharmacy.uploadId))!.lines.find(
      (candidate) => candidate.code === acamprosate,
    )!;
    expect(line.reimbursementPence).toBeGreaterThan(1000);
    await correctMatch(pharmacy.owner, line.id, amilorideCode);
    expect(await reimbursementNow(pharmacy.owner, pharmacy.uploadId)).toBeLessThan(1000);

    // An import that moves neither pack: the corrected line was already a loss when corrected.
    const adrenaline = {
      drug: "Adrenaline (base) 100micrograms/1ml (1 in 10,000) dilute solution for injection ampoules",
      packSize: "10",
      price: "£90.00",
    };
    expect(await load(mayConcessions(null, "with-adrenaline", [adrenaline]))).toBe("imported");
    expect(await mailTo(pharmacy.admin.email)).toEqual([]);
  });
});
