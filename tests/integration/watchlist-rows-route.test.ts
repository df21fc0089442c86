import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as watchlistRowsRoute } from "@/app/api/watchlists/[id]/rows/route";
import { profiles, watchlistItems, watchlists } from "@/db/schema";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { watchlistRowsPath } from "@/features/watchlists/watchlist-rows";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";
import { readGzippedRows } from "@tests/fixtures/rows-response";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/** A watchlist's table fetches its packs as a list page's table fetches its rows (ADR 142). */
const database = setupTestDatabase();
const origin = "http://localhost:3000";

function get(path: string, headers: Record<string, string> = {}) {
  const id = path.split("/")[3]!;
  return watchlistRowsRoute(new Request(`${origin}${path}`, { headers }), {
    params: Promise.resolve({ id }),
  });
}

let owner: TestUser;
let outsider: TestUser;
let listId: string;

beforeAll(async () => {
  await insertSampleTariff(database.db);
  owner = await insertUser({ subscribed: true });
  outsider = await insertUser({ subscribed: true });
  const [list] = await database.db
    .insert(watchlists)
    .values({ ownerId: owner.id, name: "Fridge lines" })
    .returning({ id: watchlists.id });
  listId = list!.id;
  await database.db.insert(watchlistItems).values([
    { watchlistId: listId, kind: "drug", code: codes.drug },
    { watchlistId: listId, kind: "appliance", code: codes.appliancePack },
  ]);
});
beforeEach(() => clearDataVersionCache());

describe("GET /api/watchlists/[id]/rows", () => {
  it("answers the list's packs with their prices, 304 while current, and new rows once a pack is removed", async () => {
    await actAs(owner);
    const path = watchlistRowsPath(listId, 1);
    expect(path).toBe(`/api/watchlists/${listId}/rows?edition=ew`);
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const rows = await readGzippedRows(response);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.objectContaining({ kind: "drug", code: codes.drug, price: expect.any(Number) }),
    );
    const etag = response.headers.get("etag")!;
    expect((await get(path, { "if-none-match": etag })).status).toBe(304);

    await database.db.delete(watchlistItems).where(eq(watchlistItems.code, codes.appliancePack));
    const after = await get(path, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect((await readGzippedRows(after)).map((row) => row.code)).toEqual([codes.drug]);
  });

  it("is 'not found' for a list the reader may not see, or an id that is no list's", async () => {
    await actAs(outsider);
    const refused = await get(watchlistRowsPath(listId, 1));
    expect(refused.status).toBe(404);
    expect(JSON.stringify(await refused.json())).not.toContain(codes.drug);
    expect((await get("/api/watchlists/not-a-list/rows?edition=ew")).status).toBe(404);
  });

  it("asks for a subscriber's session, and refuses an address naming the other edition", async () => {
    await actAs(null);
    expect((await get(watchlistRowsPath(listId, 1))).status).toBe(401);
    const lapsed = await insertUser({ subscribed: false });
    await actAs(lapsed);
    expect((await get(watchlistRowsPath(listId, 1))).status).toBe(402);

    await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, owner.id));
    await actAs(owner);
    const refused = await get(watchlistRowsPath(listId, 1));
    expect(refused.status).toBe(409);
    const northern = await readGzippedRows(await get(watchlistRowsPath(listId, 2)));
    expect(northern.map((row) => row.code).sort()).toEqual([codes.drug]);
  });
});
