import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as insightRowsRoute } from "@/app/api/insights/[kind]/rows/route";
import { profiles } from "@/db/schema";
import { insightRowsPath } from "@/features/insights/insight-rows";
import { getInsightMonth } from "@/features/insights/queries";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { readGzippedRows } from "@tests/fixtures/rows-response";
import { actAs } from "@tests/fixtures/request-context";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/** The changes an insights page's table fetches (ADR 140): the page's checks and its reading of the URL. */
const database = setupTestDatabase();
const origin = "http://localhost:3000";

function get(kind: string, query: string, headers: Record<string, string> = {}) {
  return insightRowsRoute(new Request(`${origin}/api/insights/${kind}/rows?${query}`, { headers }), {
    params: Promise.resolve({ kind }),
  });
}

let subscriber: TestUser;
let niSubscriber: TestUser;
let unsubscribed: TestUser;

beforeAll(async () => {
  await insertSampleTariff(database.db);
  subscriber = await insertUser({ subscribed: true });
  niSubscriber = await insertUser({ subscribed: true });
  unsubscribed = await insertUser({ subscribed: false });
  await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, niSubscriber.id));
});
beforeEach(() => clearDataVersionCache());

describe("GET /api/insights/[kind]/rows", () => {
  it("answers the rows the page names, filtered as the page filters them, and 304 while they are current", async () => {
    await actAs(subscriber);
    const params = { month: "2026-02", direction: "down" };
    const month = await getInsightMonth(1, "price-changes-viiia", params);
    const path = insightRowsPath("price-changes-viiia", 1, month, params);
    expect(path).toBe("/api/insights/price-changes-viiia/rows?edition=ew&month=2026-02&direction=down");

    const response = await get("price-changes-viiia", path.split("?")[1]!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const rows = await readGzippedRows(response);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Furosemide 40mg tablets", changePence: expect.any(Number) }),
    ]);
    expect(rows[0]!.changePence as number).toBeLessThan(0);

    const again = await get("price-changes-viiia", path.split("?")[1]!, {
      "if-none-match": response.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
  });

  it("reads Additions & Deletions' part and change filters, linking each pack to its page", async () => {
    await actAs(subscriber);
    const rows = await readGzippedRows(
      await get("additions-deletions", "edition=ew&month=2026-02&change=addition"),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        change: "Addition",
        name: "Zopiclone 7.5mg tablets",
        href: `/drug-info/${codes.added}`,
      }),
    ]);
  });

  it("answers the session's edition only: a URL naming the other edition is refused", async () => {
    await actAs(niSubscriber);
    const refused = await get("price-changes-viiia", "edition=ew&month=2026-02");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Your country is now Northern Ireland");
    const own = await readGzippedRows(await get("price-changes-viiia", "edition=ni&month=2026-02"));
    expect(own).toHaveLength(1);
  });

  it("refuses visitors, non-subscribers and unknown pages", async () => {
    await actAs(null);
    expect((await get("price-changes-viiia", "month=2026-02")).status).toBe(401);
    await actAs(unsubscribed);
    expect((await get("price-changes-viiia", "month=2026-02")).status).toBe(402);
    await actAs(subscriber);
    expect((await get("no-such-insight", "month=2026-02")).status).toBe(404);
    expect((await get("__proto__", "month=2026-02")).status).toBe(404);
  });
});
