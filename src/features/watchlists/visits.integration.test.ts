import { beforeAll, describe, expect, it } from "vitest";

import { concessions, tariffChanges } from "@/db/schema";
import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { codes, insertDatasets, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import * as commands from "./commands";
import { getWatchlistDetail } from "./queries";
import { visitWatchlist } from "./visits";

const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

async function listWith(code: string) {
  const user = await currentUserOf(await insertUser({ subscribed: true }));
  const created = await runAs(commands.createWatchlist, { name: "Fridge lines" }, user);
  if (!created.ok) throw new Error(created.message);
  const id = created.data.watchlistId;
  await runAs(commands.addToWatchlist, { watchlistId: id, kind: "drug", code }, user);
  return { user, id };
}

describe("the watchlist page's history and last visit", () => {
  it("gives each pack its prices in the 12 months to the latest loaded, oldest first", async () => {
    const { user, id } = await listWith(codes.drug);
    const [entry] = (await getWatchlistDetail(user, id)).entries;
    expect(entry?.history.length).toBeGreaterThan(0);
    expect(entry?.history.at(-1)).toBe(entry?.pricePence);
  });

  it("has nothing to compare on the first visit, then shows what later imports changed for the list's packs only", async () => {
    const { user, id } = await listWith(codes.drug);
    expect(await visitWatchlist(user, id)).toEqual({ kind: "first" });
    expect(await visitWatchlist(user, id)).toMatchObject({ kind: "since", lines: [], more: 0 });

    await database.db.insert(tariffChanges).values(
      [codes.drug, codes.added].map((code) => ({
        edition: 1,
        part: "viiia",
        period: "2026-06-01",
        previousPeriod: "2026-03-01",
        change: "price_change",
        itemKey: code,
        code,
        name: code === codes.drug ? "Amlodipine 5mg tablets" : "Not watched",
        oldPricePence: 150,
        newPricePence: 180,
      })),
    );
    await database.db.insert(concessions).values({
      edition: 1,
      period: "2026-06-01",
      drug: "Amlodipine 5mg tablets",
      packSize: "28",
      pricePence: 199,
      vmppSnomedCode: codes.drug,
    });
    await insertDatasets(database.db, [
      [1, "viiia", "2026-06-01"],
      [1, "concessions", "2026-06-01"],
    ]);

    const summary = await visitWatchlist(user, id);
    expect(summary).toMatchObject({
      kind: "since",
      counts: { rises: 1, falls: 0, categoryChanges: 0, deletions: 0, concessions: 1 },
      lines: [
        "Amlodipine 5mg tablets: £1.50 → £1.80 (June 2026)",
        "Amlodipine 5mg tablets: concession £1.99 (June 2026)",
      ],
    });
    // Remembered: the next visit starts from this one.
    expect(await visitWatchlist(user, id)).toMatchObject({ kind: "since", lines: [] });
  });

  it("answers another user's list as not found", async () => {
    const { id } = await listWith(codes.drug);
    const stranger = await currentUserOf(await insertUser({ subscribed: true }));
    await expect(visitWatchlist(stranger, id)).rejects.toMatchObject({ code: "not_found" });
  });
});
