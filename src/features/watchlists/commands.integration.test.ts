import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { profiles, watchlistItems, watchlists } from "@/db/schema";
import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import * as commands from "./commands";
import { maxItemsPerWatchlist, maxWatchlistsPerUser } from "./limits";
import { getAlertPreferences, getWatchlistChoices, getWatchlistDetail } from "./queries";

const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

async function subscriber() {
  return currentUserOf(await insertUser({ subscribed: true }));
}

async function newList(user: Awaited<ReturnType<typeof subscriber>>, name = "Fridge lines") {
  const result = await runAs(commands.createWatchlist, { name }, user);
  if (!result.ok) throw new Error(result.message);
  return result.data.watchlistId;
}

describe("making and changing watchlists", () => {
  it("creates, renames and deletes a user's own watchlist", async () => {
    const user = await subscriber();
    const id = await newList(user);
    expect(
      await runAs(commands.renameWatchlist, { watchlistId: id, name: "High value" }, user),
    ).toMatchObject({
      ok: true,
    });
    expect((await getWatchlistChoices(user)).map((list) => list.name)).toEqual(["High value"]);
    expect(await runAs(commands.deleteWatchlist, { watchlistId: id }, user)).toMatchObject({ ok: true });
    expect(await getWatchlistChoices(user)).toEqual([]);
  });

  it("refuses a second watchlist with the same name, whatever its case", async () => {
    const user = await subscriber();
    await newList(user, "Fridge lines");
    const again = await runAs(commands.createWatchlist, { name: "FRIDGE LINES" }, user);
    expect(again).toMatchObject({
      ok: false,
      code: "conflict",
      message: "You already have a watchlist with that name.",
    });
    const other = await newList(user, "Other");
    const rename = await runAs(commands.renameWatchlist, { watchlistId: other, name: "fridge lines" }, user);
    expect(rename).toMatchObject({ ok: false, code: "conflict" });
  });

  it(`stops at ${maxWatchlistsPerUser} watchlists per user with a clear message`, async () => {
    const user = await subscriber();
    await database.db
      .insert(watchlists)
      .values(
        Array.from({ length: maxWatchlistsPerUser }, (_, n) => ({ ownerId: user.id, name: `List ${n}` })),
      );
    const result = await runAs(commands.createWatchlist, { name: "One more" }, user);
    expect(result).toMatchObject({ ok: false, code: "conflict" });
    expect(!result.ok && result.message).toMatch(/up to 20 watchlists/);
  });

  it("counts watchlists made at the same moment one after the other", async () => {
    const user = await subscriber();
    await database.db
      .insert(watchlists)
      .values(
        Array.from({ length: maxWatchlistsPerUser - 1 }, (_, n) => ({ ownerId: user.id, name: `List ${n}` })),
      );
    const results = await Promise.all(
      ["A", "B", "C"].map((name) => runAs(commands.createWatchlist, { name }, user)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const owned = await database.db.select().from(watchlists).where(eq(watchlists.ownerId, user.id));
    expect(owned).toHaveLength(maxWatchlistsPerUser);
  });

  it("makes one 'My watchlist' when a user's first two adds arrive at the same moment", async () => {
    // Several users, so that the two transactions overlap in some round even on a quick machine.
    const users = await Promise.all(Array.from({ length: 8 }, subscriber));
    const results = await Promise.all(
      users.flatMap((user) => [
        runAs(commands.addToWatchlist, { kind: "drug", code: codes.drug }, user),
        runAs(commands.addToWatchlist, { kind: "appliance", code: codes.appliancePack }, user),
      ]),
    );
    expect(results.filter((result) => !result.ok)).toEqual([]);
    for (const user of users) {
      const owned = await database.db.select().from(watchlists).where(eq(watchlists.ownerId, user.id));
      expect(owned.map((list) => list.name)).toEqual(["My watchlist"]);
      const items = await database.db
        .select()
        .from(watchlistItems)
        .where(eq(watchlistItems.watchlistId, owned[0]!.id));
      expect(items).toHaveLength(2);
    }
  });

  it("needs a subscription", async () => {
    const lapsed = await currentUserOf(await insertUser({ subscribed: false }));
    expect(await runAs(commands.createWatchlist, { name: "Mine" }, lapsed)).toMatchObject({
      ok: false,
      code: "subscription_required",
    });
    expect(await runAs(commands.createWatchlist, { name: "Mine" }, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
  });
});

describe("packs on a watchlist", () => {
  it("adds a pack by its code once, and shows this month's and last month's price in the user's edition", async () => {
    const user = await subscriber();
    const id = await newList(user);
    const first = await runAs(
      commands.addToWatchlist,
      { watchlistId: id, kind: "drug", code: codes.drug },
      user,
    );
    expect(first).toMatchObject({ ok: true, data: { added: true } });
    const again = await runAs(
      commands.addToWatchlist,
      { watchlistId: id, kind: "drug", code: codes.drug },
      user,
    );
    expect(again).toMatchObject({ ok: true, data: { added: false } });

    const detail = await getWatchlistDetail(user, id);
    expect(detail.months.viiia).toEqual({ current: "2026-03-01", previous: "2026-02-01", next: null });
    expect(detail.entries).toEqual([
      expect.objectContaining({
        kind: "drug",
        code: codes.drug,
        name: "Amlodipine 5mg tablets",
        packSize: 28,
        unit: "tablet",
        pricePence: 150,
        // The pricing model's: March's concession of £3.00 replaces the basic price, undeducted.
        netPricePence: 300,
        // February's England & Wales tariff did not list it.
        previousPricePence: null,
        category: "A",
        concessionPence: 300,
        listedThisMonth: true,
        listedLastMonth: false,
      }),
    ]);
  });

  it("reads a Northern Ireland user's prices from their edition", async () => {
    const user = await subscriber();
    await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, user.id));
    const northern = await currentUserOf(user);
    const id = await newList(northern);
    await runAs(commands.addToWatchlist, { watchlistId: id, kind: "drug", code: codes.drug }, northern);
    const [entry] = (await getWatchlistDetail(northern, id)).entries;
    expect(entry).toMatchObject({
      pricePence: 120,
      // Category C at Northern Ireland's brands rate, 5.27%.
      netPricePence: 114,
      category: "C",
      listedThisMonth: true,
    });
  });

  it("keeps a pack by its code when the month's rows are replaced", async () => {
    const user = await subscriber();
    const id = await newList(user);
    await runAs(commands.addToWatchlist, { watchlistId: id, kind: "brand", code: codes.brand }, user);
    const [item] = await database.db.select().from(watchlistItems).where(eq(watchlistItems.watchlistId, id));
    expect(item).toMatchObject({ kind: "brand", code: codes.brand });
    const [entry] = (await getWatchlistDetail(user, id)).entries;
    expect(entry).toMatchObject({ name: "Istin 5mg tablets (Pfizer) 28 tablet", pricePence: 1120 });
  });

  it("refuses a code no imported month lists", async () => {
    const user = await subscriber();
    const id = await newList(user);
    const result = await runAs(
      commands.addToWatchlist,
      { watchlistId: id, kind: "drug", code: "999999999" },
      user,
    );
    expect(result).toMatchObject({ ok: false, code: "not_found", message: "We could not find that pack." });
  });

  it("puts a pack on a new 'My watchlist' when the user has none, and on their first one after", async () => {
    const user = await subscriber();
    const first = await runAs(commands.addToWatchlist, { kind: "drug", code: codes.drug }, user);
    expect(first).toMatchObject({ ok: true, data: { watchlistName: "My watchlist", added: true } });
    const second = await runAs(
      commands.addToWatchlist,
      { kind: "appliance", code: codes.appliancePack },
      user,
    );
    expect(second.ok && first.ok && second.data.watchlistId).toBe(first.ok && first.data.watchlistId);
  });

  it("removes a pack", async () => {
    const user = await subscriber();
    const id = await newList(user);
    await runAs(commands.addToWatchlist, { watchlistId: id, kind: "drug", code: codes.drug }, user);
    const removed = await runAs(
      commands.removeFromWatchlist,
      { watchlistId: id, kind: "drug", code: codes.drug },
      user,
    );
    expect(removed).toMatchObject({ ok: true, data: { removed: true } });
    expect((await getWatchlistDetail(user, id)).entries).toEqual([]);
  });

  it(`stops at ${maxItemsPerWatchlist.toLocaleString("en-GB")} packs with a clear message, but still accepts one already there`, async () => {
    const user = await subscriber();
    const id = await newList(user);
    await database.db.insert(watchlistItems).values(
      Array.from({ length: maxItemsPerWatchlist }, (_, n) => ({
        watchlistId: id,
        kind: "drug",
        code: n === 0 ? codes.drug : String(5_000_000 + n),
      })),
    );
    const more = await runAs(
      commands.addToWatchlist,
      { watchlistId: id, kind: "brand", code: codes.brand },
      user,
    );
    expect(more).toMatchObject({ ok: false, code: "conflict" });
    expect(!more.ok && more.message).toMatch(/up to 2,000 packs/);
    const present = await runAs(
      commands.addToWatchlist,
      { watchlistId: id, kind: "drug", code: codes.drug },
      user,
    );
    expect(present).toMatchObject({ ok: true, data: { added: false } });
  });
});

describe("who sees and changes a watchlist", () => {
  it("shows a shared watchlist to everyone on the licence, and lets only its owner and the licence admin change it", async () => {
    const organisation = await insertOrganisation();
    const colleague = await currentUserOf(
      await insertUser({ subscribed: true, licenceId: organisation.licenceId }),
    );
    const id = await newList(organisation.member, "Shared lines");
    expect(
      await runAs(commands.shareWatchlist, { watchlistId: id, shared: true }, organisation.member),
    ).toMatchObject({
      ok: true,
    });

    const seen = await getWatchlistChoices(colleague);
    expect(seen).toEqual([expect.objectContaining({ id, shared: true, isOwn: false, canChange: false })]);
    expect((await getWatchlistDetail(colleague, id)).watchlist.canChange).toBe(false);
    const add = { watchlistId: id, kind: "drug", code: codes.drug } as const;
    expect(await runAs(commands.addToWatchlist, add, colleague)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(
      await runAs(commands.renameWatchlist, { watchlistId: id, name: "Mine now" }, colleague),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await runAs(commands.deleteWatchlist, { watchlistId: id }, colleague)).toMatchObject({
      ok: false,
      code: "forbidden",
    });

    expect(await runAs(commands.addToWatchlist, add, organisation.admin)).toMatchObject({ ok: true });
    expect(
      await runAs(commands.renameWatchlist, { watchlistId: id, name: "Team lines" }, organisation.admin),
    ).toMatchObject({
      ok: true,
    });
    // Sharing stays the owner's choice.
    expect(
      await runAs(commands.shareWatchlist, { watchlistId: id, shared: false }, organisation.admin),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
  });

  it("keeps an unshared watchlist from everyone else, licence admin included", async () => {
    const organisation = await insertOrganisation();
    const id = await newList(organisation.member, "Private");
    expect(await getWatchlistChoices(organisation.admin)).toEqual([]);
    await expect(getWatchlistDetail(organisation.admin, id)).rejects.toMatchObject({ code: "not_found" });
    expect(await runAs(commands.deleteWatchlist, { watchlistId: id }, organisation.admin)).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("answers another user's and another licence's ids as not found, for every action", async () => {
    const organisation = await insertOrganisation();
    const elsewhere = await insertOrganisation({ name: "Other Pharmacy" });
    const stranger = await subscriber();
    const own = await newList(organisation.admin, "Ours");
    await runAs(commands.shareWatchlist, { watchlistId: own, shared: true }, organisation.admin);
    await runAs(
      commands.addToWatchlist,
      { watchlistId: own, kind: "drug", code: codes.drug },
      organisation.admin,
    );

    for (const outsider of [stranger, elsewhere.admin, elsewhere.member]) {
      const attempts = [
        runAs(commands.renameWatchlist, { watchlistId: own, name: "Taken" }, outsider),
        runAs(commands.shareWatchlist, { watchlistId: own, shared: false }, outsider),
        runAs(commands.deleteWatchlist, { watchlistId: own }, outsider),
        runAs(commands.addToWatchlist, { watchlistId: own, kind: "brand", code: codes.brand }, outsider),
        runAs(commands.removeFromWatchlist, { watchlistId: own, kind: "drug", code: codes.drug }, outsider),
      ];
      for (const result of await Promise.all(attempts)) {
        expect(result).toMatchObject({ ok: false, code: "not_found" });
      }
      await expect(getWatchlistDetail(outsider, own)).rejects.toMatchObject({ code: "not_found" });
      expect(await getWatchlistChoices(outsider)).toEqual([]);
    }
    const [still] = await database.db.select().from(watchlists).where(eq(watchlists.id, own));
    expect(still).toMatchObject({ name: "Ours", shared: true });
    expect(
      await database.db.select().from(watchlistItems).where(eq(watchlistItems.watchlistId, own)),
    ).toHaveLength(1);
  });

  it("stops showing a licence's shared watchlists to a user removed from it, at once", async () => {
    const organisation = await insertOrganisation();
    const id = await newList(organisation.admin, "Team");
    await runAs(commands.shareWatchlist, { watchlistId: id, shared: true }, organisation.admin);
    expect(await getWatchlistChoices(organisation.member)).toHaveLength(1);
    await database.db
      .update(profiles)
      .set({ licenceId: null })
      .where(eq(profiles.id, organisation.member.id));
    const removed = await currentUserOf(organisation.member);
    expect(await getWatchlistChoices(removed)).toEqual([]);
    await expect(getWatchlistDetail(removed, id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses a field the schema does not know, such as another owner", async () => {
    const user = await subscriber();
    const other = await subscriber();
    const result = await runAs(commands.createWatchlist, { name: "Sneaky", ownerId: other.id }, user);
    expect(result).toMatchObject({ ok: false, code: "validation" });
  });
});

describe("alert preferences", () => {
  it("are on for every change until the user chooses, and saved for the session's user only", async () => {
    const user = await subscriber();
    expect(await getAlertPreferences(user.id)).toEqual({
      enabled: true,
      thresholdPercent: 0,
      delivery: "immediate",
      marginLosses: false,
    });
    const saved = await runAs(
      commands.saveAlertPreferences,
      { enabled: true, thresholdPercent: 12.5, delivery: "weekly", marginLosses: true },
      user,
    );
    expect(saved).toMatchObject({ ok: true });
    expect(await getAlertPreferences(user.id)).toEqual({
      enabled: true,
      thresholdPercent: 12.5,
      delivery: "weekly",
      marginLosses: true,
    });
    await runAs(
      commands.saveAlertPreferences,
      { enabled: false, thresholdPercent: 12.5, delivery: "immediate", marginLosses: false },
      user,
    );
    expect(await getAlertPreferences(user.id)).toEqual({
      enabled: false,
      thresholdPercent: 12.5,
      delivery: "immediate",
      marginLosses: false,
    });
  });

  it("refuses a negative threshold, another user's id, and a user without a subscription", async () => {
    const user = await subscriber();
    const other = await subscriber();
    expect(
      await runAs(
        commands.saveAlertPreferences,
        { enabled: true, thresholdPercent: -1, delivery: "immediate", marginLosses: false },
        user,
      ),
    ).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(
      await runAs(
        commands.saveAlertPreferences,
        { enabled: false, thresholdPercent: 0, delivery: "immediate", marginLosses: true, userId: other.id },
        user,
      ),
    ).toMatchObject({ ok: false, code: "validation" });
    const lapsed = await currentUserOf(await insertUser({ subscribed: false }));
    expect(
      await runAs(commands.saveAlertPreferences, { enabled: false, thresholdPercent: 0 }, lapsed),
    ).toMatchObject({
      ok: false,
      code: "subscription_required",
    });
    expect(await getAlertPreferences(other.id)).toEqual({
      enabled: true,
      thresholdPercent: 0,
      delivery: "immediate",
      marginLosses: false,
    });
  });
});
