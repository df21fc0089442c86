import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { concessions, watchlistItems } from "@/db/schema";
import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import * as commands from "./commands";
import { maxItemsPerWatchlist } from "./limits";

const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

type User = Awaited<ReturnType<typeof currentUserOf>>;

async function newList(user: User, name = "Fridge lines") {
  const result = await runAs(commands.createWatchlist, { name }, user);
  if (!result.ok) throw new Error(result.message);
  return result.data.watchlistId;
}

const itemsOf = async (id: string) =>
  (await database.db.select().from(watchlistItems).where(eq(watchlistItems.watchlistId, id)))
    .map((item) => item.code)
    .sort();

describe("adding a list page's ticked rows to a watchlist", () => {
  it("adds each pack once, says how many were already there, and makes 'My watchlist' for a user with none", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const first = await runAs(
      commands.addManyToWatchlist,
      { kind: "drug", codes: [codes.drug, codes.drug] },
      user,
    );
    expect(first).toMatchObject({ ok: true, data: { watchlistName: "My watchlist", added: 1, already: 0 } });
    const id = first.ok ? first.data.watchlistId : "";
    const again = await runAs(
      commands.addManyToWatchlist,
      { watchlistId: id, kind: "drug", codes: [codes.drug, codes.added] },
      user,
    );
    expect(again).toMatchObject({ ok: true, data: { added: 1, already: 1 } });
    expect(await itemsOf(id)).toEqual([codes.drug, codes.added].sort());
  });

  it("leaves out, and counts, a concession's pack that Part VIIIA never listed; refuses when that is every code", async () => {
    const unlisted = "1000099";
    await database.db.insert(concessions).values({
      edition: 1,
      period: "2026-03-01",
      drug: "Unlisted 2mg tablets",
      packSize: "28",
      pricePence: 500,
      vmppSnomedCode: unlisted,
    });
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const id = await newList(user);
    const add = (list: string[]) =>
      runAs(commands.addManyToWatchlist, { watchlistId: id, kind: "drug", codes: list }, user);

    expect(await add([codes.drug, unlisted])).toMatchObject({
      ok: true,
      data: { added: 1, already: 0, unlisted: 1, source: "Part VIIIA" },
    });
    const alone = await add([unlisted]);
    expect(alone).toMatchObject({ ok: false, code: "not_found" });
    expect(!alone.ok && alone.message).toBe(
      "That pack is not in any month of Part VIIIA, so a watchlist has no prices to follow.",
    );
    expect(await itemsOf(id)).toEqual([codes.drug]);
  });

  it("adds a branded pack by its AMPP code, and refuses a VMPP code as a brand", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const id = await newList(user);
    const add = (list: string[]) =>
      runAs(commands.addManyToWatchlist, { watchlistId: id, kind: "brand", codes: list }, user);
    expect(await add([codes.brand])).toMatchObject({ ok: true, data: { added: 1, unlisted: 0 } });
    expect(await add([codes.drug])).toMatchObject({ ok: false, code: "not_found" });
    expect(await itemsOf(id)).toEqual([codes.brand]);
  });

  it(`refuses, with the clear message, packs that would take a list past ${maxItemsPerWatchlist.toLocaleString("en-GB")}, adding none`, async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const id = await newList(user);
    await database.db.insert(watchlistItems).values(
      Array.from({ length: maxItemsPerWatchlist - 1 }, (_, n) => ({
        watchlistId: id,
        kind: "drug",
        code: String(5_000_000 + n),
      })),
    );
    const two = await runAs(
      commands.addManyToWatchlist,
      { watchlistId: id, kind: "drug", codes: [codes.drug, codes.added] },
      user,
    );
    expect(two).toMatchObject({ ok: false, code: "conflict" });
    expect(!two.ok && two.message).toMatch(/up to 2,000 packs/);
    expect((await itemsOf(id)).length).toBe(maxItemsPerWatchlist - 1);
    // One fits; then one already there is never refused, and one more is.
    const add = (list: string[]) =>
      runAs(commands.addManyToWatchlist, { watchlistId: id, kind: "drug", codes: list }, user);
    expect(await add([codes.drug])).toMatchObject({ ok: true, data: { added: 1, already: 0 } });
    expect(await add([codes.drug])).toMatchObject({ ok: true, data: { added: 0, already: 1 } });
    expect(await add([codes.drug, codes.added])).toMatchObject({ ok: false, code: "conflict" });
    expect((await itemsOf(id)).length).toBe(maxItemsPerWatchlist);
  });

  it("refuses more codes than a list holds before reading any", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const result = await runAs(
      commands.addManyToWatchlist,
      {
        kind: "drug",
        codes: Array.from({ length: maxItemsPerWatchlist + 1 }, (_, n) => String(5_000_000 + n)),
      },
      user,
    );
    expect(result).toMatchObject({ ok: false });
  });

  it("answers another user's and another licence's list ids as not found, and a shared list as forbidden to a colleague", async () => {
    const organisation = await insertOrganisation();
    const elsewhere = await insertOrganisation({ name: "Other Pharmacy" });
    const stranger = await currentUserOf(await insertUser({ subscribed: true }));
    const strangersList = await newList(stranger, "Stranger's");
    const otherLicenceList = await newList(elsewhere.member, "Theirs");
    await runAs(commands.shareWatchlist, { watchlistId: otherLicenceList, shared: true }, elsewhere.member);
    const sharedHere = await newList(organisation.member, "Team");
    await runAs(commands.shareWatchlist, { watchlistId: sharedHere, shared: true }, organisation.member);
    const colleague = await currentUserOf(
      await insertUser({ subscribed: true, licenceId: organisation.licenceId }),
    );
    const add = (watchlistId: string, user: User) =>
      runAs(commands.addManyToWatchlist, { watchlistId, kind: "drug", codes: [codes.drug] }, user);

    for (const user of [organisation.member, organisation.admin, colleague]) {
      expect(await add(strangersList, user)).toMatchObject({ ok: false, code: "not_found" });
      expect(await add(otherLicenceList, user)).toMatchObject({ ok: false, code: "not_found" });
    }
    expect(await add(sharedHere, colleague)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await add(sharedHere, organisation.admin)).toMatchObject({ ok: true, data: { added: 1 } });
    expect(await itemsOf(strangersList)).toEqual([]);
    expect(await itemsOf(otherLicenceList)).toEqual([]);
  });

  it("needs a subscription", async () => {
    const lapsed = await currentUserOf(await insertUser({ subscribed: false }));
    expect(
      await runAs(commands.addManyToWatchlist, { kind: "drug", codes: [codes.drug] }, lapsed),
    ).toMatchObject({ ok: false, code: "subscription_required" });
  });
});
