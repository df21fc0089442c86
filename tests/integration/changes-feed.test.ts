import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { GET as feedRoute } from "@/app/api/changes/feed/[token]/route";
import { changeFeedTokens, licences, profiles, userSuspensions } from "@/db/schema";
import { createChangesFeed, revokeChangesFeed } from "@/features/changes/commands";
import { getChangesSince, newestMonth, readChangeView } from "@/features/changes/queries";
import { recordChangesVisit } from "@/features/changes/visits";
import { importFile } from "@/features/imports/service";
import { currentUserOf, insertUser, testOrigin, type TestUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * /changes and its private feed (ADR 117, ADR 118): the changes of the months imported since a date,
 * and an Atom feed behind a token that is stored hashed, revocable, and good only while its user is
 * subscribed (404 otherwise, like an address that does not exist).
 */
const database = setupTestDatabase();
const { write } = tariffFileFolder("changes-feed");

let reader: TestUser;
let since: Date;

const concessionsCsv = (rows: string[]) => `month,Drug,Pack size,Price concession\n${rows.join("\n")}\n`;

beforeAll(async () => {
  reader = await insertUser({ subscribed: true });
  const actor = "cli:test";
  await importFile(database.db, write("Part VIIIA May 26.csv", viiiaCsv("May")), { actor });
  await importFile(
    database.db,
    write("cpe_price_concessions_2026-05.csv", concessionsCsv(["2026-05,Amiloride 5mg tablets,28,£1.45"])),
    { actor },
  );
  since = new Date();
  const repriced = viiiaRows.map((row) =>
    row[0] === "Amiloride 5mg tablets" ? [...row.slice(0, 6), 1325] : row,
  );
  await importFile(database.db, write("Part VIIIA Jun 26.csv", viiiaCsv("June", repriced)), { actor });
  await importFile(
    database.db,
    write(
      "cpe_price_concessions_2026-06.csv",
      concessionsCsv(["2026-06,Amiloride 5mg tablets,28,£1.60", "2026-06,Zopiclone 7.5mg tablets,28,£2.10"]),
    ),
    { actor },
  );
});

const feed = (token: string) =>
  feedRoute(new Request(`${testOrigin}/api/changes/feed/${token}`), { params: Promise.resolve({ token }) });

const tokenOf = (url: string) => url.split("/").at(-1)!;

async function makeFeed(user: { id: string }): Promise<string> {
  const result = await runAs(createChangesFeed, {}, await currentUserOf(user));
  if (!result.ok) throw new Error(result.message);
  return tokenOf(result.data.url);
}

describe("the changes since a date", () => {
  it("lists the months imported since then, by part: tariff changes and concessions granted or changed", async () => {
    const changes = await getChangesSince(1, since);
    expect(changes.map(({ period, part, kind, name }) => ({ period, part, kind, name }))).toEqual([
      { period: "2026-06", part: "concessions", kind: "concession_changed", name: "Amiloride 5mg tablets" },
      { period: "2026-06", part: "concessions", kind: "concession_granted", name: "Zopiclone 7.5mg tablets" },
      { period: "2026-06", part: "viiia", kind: "price_change", name: "Amiloride 5mg tablets" },
    ]);
    expect(changes.find((change) => change.part === "viiia")).toMatchObject({
      oldPricePence: 1200,
      newPricePence: 1325,
      pack: "28 tablet",
    });
    expect(await getChangesSince(1, since, { kind: "price_change" })).toHaveLength(1);
    expect(await getChangesSince(1, since, { part: "concessions" })).toHaveLength(2);
    expect(await getChangesSince(1, new Date())).toEqual([]);
  });

  it("defaults to the user's previous visit, counting reloads within half an hour as the same visit", async () => {
    const user = await insertUser({ subscribed: true });
    const first = new Date("2026-06-01T09:00:00Z");
    expect(await recordChangesVisit(user.id, first)).toBeNull();
    expect(await recordChangesVisit(user.id, new Date("2026-06-01T09:10:00Z"))).toBeNull();
    expect(await recordChangesVisit(user.id, new Date("2026-06-03T09:00:00Z"))).toEqual(first);
    expect(readChangeView({}, first, 1)).toMatchObject({ since: first, fromVisit: true });
    expect(readChangeView({ since: "2026-05-01", part: "viiia", kind: "nonsense" }, first, 1)).toMatchObject({
      since: new Date("2026-05-01T00:00:00Z"),
      fromVisit: false,
      filters: { part: "viiia", kind: undefined },
    });
  });

  it("shows a first visit the newest month alone, not all the history imported before or after it", async () => {
    // Older months imported after the newest one, as a new installation loads one part at a time.
    await importFile(
      database.db,
      write(
        "cpe_price_concessions_2026-03.csv",
        concessionsCsv(["2026-03,Zopiclone 7.5mg tablets,28,£2.00"]),
      ),
      { actor: "cli:test" },
    );
    await importFile(
      database.db,
      write("cpe_price_concessions_2026-04.csv", concessionsCsv(["2026-04,Amiloride 5mg tablets,28,£1.30"])),
      { actor: "cli:test" },
    );
    const newest = await newestMonth(1);
    expect(newest).toMatchObject({ period: "2026-06-01" });
    expect(newest!.importedAt.getTime()).toBeGreaterThanOrEqual(since.getTime());
    const view = readChangeView({}, null, 1, { newest });
    expect(view).toMatchObject({ since: newest!.importedAt, fromVisit: false, newestOnly: true });
    const months = new Set((await getChangesSince(1, view.since, view.filters)).map((entry) => entry.period));
    expect([...months]).toEqual(["2026-06"]);
    // A date chosen, or a visit, shows every month imported since, the older one too.
    const chosen = readChangeView({ since: since.toISOString() }, null, 1, { newest });
    expect(chosen.newestOnly).toBe(false);
    const all = new Set(
      (await getChangesSince(1, chosen.since, chosen.filters)).map((entry) => entry.period),
    );
    expect(all).toEqual(new Set(["2026-06", "2026-04"]));
    // Before any import, the last 30 days.
    const now = new Date("2026-07-31T12:00:00Z");
    expect(readChangeView({}, null, 1, { now }).since).toEqual(new Date("2026-07-01T12:00:00Z"));
  });
});

describe("GET /api/changes/feed/[token]", () => {
  it("serves the subscriber's changes as Atom for their token", async () => {
    const token = await makeFeed(reader);
    const response = await feed(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain("<title>Part VIIIA, June 2026: 1 change</title>");
    expect(xml).toContain("<title>Price concessions, June 2026: 2 changes</title>");
    expect(xml).toContain("Amiloride 5mg tablets (28 tablet): Price change £12.00 → £13.25 (+10.4%)");
  });

  it("answers 404 to a wrong token, and stores only the token's hash", async () => {
    const token = await makeFeed(reader);
    expect((await feed(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).status).toBe(404);
    expect((await feed("not-a-token")).status).toBe(404);
    const [stored] = await database.db
      .select()
      .from(changeFeedTokens)
      .where(eq(changeFeedTokens.userId, reader.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(token);
  });

  it("answers 404 to a revoked token, and to the old token once a new one is made", async () => {
    const old = await makeFeed(reader);
    const current = await makeFeed(reader);
    expect((await feed(old)).status).toBe(404);
    expect((await feed(current)).status).toBe(200);
    const revoked = await runAs(revokeChangesFeed, {}, await currentUserOf(reader));
    expect(revoked).toEqual({ ok: true, data: { revoked: true } });
    expect((await feed(current)).status).toBe(404);
  });

  it("answers 404 once the user is no longer subscribed, or is suspended", async () => {
    const user = await insertUser({ subscribed: true });
    const token = await makeFeed(user);
    expect((await feed(token)).status).toBe(200);
    await database.db.update(profiles).set({ isSubscribed: false }).where(eq(profiles.id, user.id));
    expect((await feed(token)).status).toBe(404);
    await database.db.update(profiles).set({ isSubscribed: true }).where(eq(profiles.id, user.id));
    await database.db
      .insert(userSuspensions)
      .values({ userId: user.id, suspendedBy: "owner", reason: "test" });
    expect((await feed(token)).status).toBe(404);
  });

  it("answers 404 once the user's licence no longer gives access, whatever their profile still says", async () => {
    const { licenceId, member } = await insertOrganisation({ name: "Lapsed Feeds Ltd" });
    const token = await makeFeed(member);
    expect((await feed(token)).status).toBe(200);
    // The provider's cancellation has reached the licence; no sync has rewritten the profiles yet.
    await database.db.update(licences).set({ status: "canceled" }).where(eq(licences.licenceId, licenceId));
    expect((await feed(token)).status).toBe(404);
    await database.db.update(licences).set({ status: "past_due" }).where(eq(licences.licenceId, licenceId));
    expect((await feed(token)).status).toBe(200);
  });

  it("lets only a subscriber make a feed address", async () => {
    const lapsed = await insertUser({ subscribed: false });
    const result = await runAs(createChangesFeed, {}, await currentUserOf(lapsed));
    expect(result).toMatchObject({ ok: false, code: "subscription_required" });
  });
});
