import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as listRowsRoute } from "@/app/api/lists/[id]/rows/route";
import { imports, partViiiaPrices, profiles, tariffDatasets } from "@/db/schema";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { listRowsPath, resolveListView } from "@/features/tariff/list-view";
import { listRows } from "@/features/tariff/queries";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { readGzippedRows } from "@tests/fixtures/rows-response";
import { actAs } from "@tests/fixtures/request-context";
import { codes, insertDatasets, insertSampleTariff } from "@tests/fixtures/tariff-rows";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/** The rows a list page's table fetches (ADR 013): the same checks and the same reading of the URL as the page. */
const database = setupTestDatabase();
const origin = "http://localhost:3000";

function get(list: string, query: string, headers: Record<string, string> = {}) {
  return listRowsRoute(new Request(`${origin}/api/lists/${list}/rows?${query}`, { headers }), {
    params: Promise.resolve({ id: list }),
  });
}

let subscriber: TestUser;
let niSubscriber: TestUser;

beforeAll(async () => {
  await insertSampleTariff(database.db);
  subscriber = await insertUser({ subscribed: true });
  niSubscriber = await insertUser({ subscribed: true });
  await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, niSubscriber.id));
});
beforeEach(() => clearDataVersionCache());

describe("GET /api/lists/[id]/rows", () => {
  it("answers a subscriber with the month's rows, exactly as the list query reads them", async () => {
    await actAs(subscriber);
    const response = await get("partviiia", "month=2026-03");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const rows = await readGzippedRows(response);
    expect(rows).toEqual(await listRows("partviiia", 1, "2026-03-01"));
    expect(rows).toEqual([expect.objectContaining({ medicine: "Amlodipine 5mg tablets", basicPrice: 150 })]);
  });

  it("applies the search, and only filter values the month offers", async () => {
    await actAs(subscriber);
    expect(await readGzippedRows(await get("partviiia", "month=2026-03&searchTerm=amlo"))).toHaveLength(1);
    expect(await readGzippedRows(await get("partviiia", "month=2026-03&searchTerm=zzzz"))).toEqual([]);
    expect(await readGzippedRows(await get("partviiia", "month=2026-03&category=A"))).toHaveLength(1);
    // Category C is not in March's drop-down: ignored, as the page ignores it.
    expect(await readGzippedRows(await get("partviiia", "month=2026-03&category=C"))).toHaveLength(1);
  });

  it("takes the edition from the session, never from the URL", async () => {
    await actAs(niSubscriber);
    const rows = await readGzippedRows(await get("partviiia", "month=2026-02&edition=ni&country=1"));
    expect(rows).toEqual([
      // Category C at Northern Ireland's brands rate, 5.27%.
      expect.objectContaining({ medicine: "Amlodipine 5mg tablets", basicPrice: 120, netPrice: 114 }),
    ]);
    await actAs(subscriber);
    expect(await readGzippedRows(await get("partviiia", "month=2026-02&edition=ew"))).toEqual([
      expect.objectContaining({ medicine: "Zopiclone 7.5mg tablets" }),
    ]);
  });

  it("refuses a URL that names the other edition, so no table shows one edition's rows as the other's", async () => {
    await actAs(niSubscriber);
    const stale = await get("partviiia", "month=2026-02&edition=ew");
    expect(stale.status).toBe(409);
    const body = await stale.text();
    expect(body).toContain("Your country is now Northern Ireland: reload the page to see its prices.");
    expect(body).not.toContain("Amlodipine");
    // Nor may one view's entity tag stand for the other edition's rows.
    await actAs(subscriber);
    const ew = await get("partviiia", "month=2026-02&edition=ew");
    await actAs(niSubscriber);
    const ni = await get("partviiia", "month=2026-02&edition=ni", {
      "if-none-match": ew.headers.get("etag")!,
    });
    expect(ni.status).toBe(200);
  });

  it("reads the URL the page names back as the page's own view, whatever month it is by then", async () => {
    const page = await resolveListView(
      "partviiia",
      1,
      { category: "A", searchTerm: " amlo ", junk: "x" },
      new Date("2026-03-15"),
    );
    const path = listRowsPath(page);
    expect(path).toBe("/api/lists/partviiia/rows?edition=ew&month=2026-03&searchTerm=amlo&category=A");
    const again = await resolveListView(
      "partviiia",
      1,
      Object.fromEntries(new URL(path, origin).searchParams),
      new Date("2026-04-01"),
    );
    expect(again).toMatchObject({
      choice: { period: "2026-03-01" },
      searchTerm: "amlo",
      filterValues: { category: "A" },
    });
  });

  it("answers the month its page shows when the address names a month without data", async () => {
    await actAs(subscriber);
    // The page says "No Part VIIIA for January 2019; showing March 2026": its rows are March's.
    expect(await readGzippedRows(await get("partviiia", "month=2019-01"))).toEqual(
      await readGzippedRows(await get("partviiia", "month=2026-03")),
    );
  });

  it("sends nothing again while the browser's copy is current", async () => {
    await actAs(subscriber);
    const plain = await get("partviiia", "month=2026-03");
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("partviiia", "month=2026-03", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const weakened = await get("partviiia", "month=2026-03", { "if-none-match": `"other", W/${etag}` });
    expect(weakened.status).toBe(304);
    const otherMonth = await get("partviiia", "month=2026-01", { "if-none-match": etag });
    expect(otherMonth.status).toBe(200);
    expect(await readGzippedRows(otherMonth)).toEqual([
      expect.objectContaining({ vmppSnomedCode: codes.drug }),
    ]);
  });

  it("keeps a month's rows through an import of a later month, and renews them when it or an earlier month changes", async () => {
    await actAs(subscriber);
    const tagOf = async (month: string) => (await get("partviiia", `month=${month}`)).headers.get("etag")!;
    const statusWith = async (month: string, etag: string) =>
      (await get("partviiia", `month=${month}`, { "if-none-match": etag })).status;
    const [january, march] = [await tagOf("2026-01"), await tagOf("2026-03")];

    // April is imported: nothing January's or March's rows read has changed.
    await insertDatasets(database.db, [[1, "viiia", "2026-04-01"]]);
    expect(await statusWith("2026-01", january)).toBe(304);
    expect(await statusWith("2026-03", march)).toBe(304);

    // January is corrected: its rows are read again with the new price, and so are March's, which
    // read January's month too (a list or rate in force since then).
    const january1 = and(eq(partViiiaPrices.edition, 1), eq(partViiiaPrices.period, "2026-01-01"));
    await database.db.update(partViiiaPrices).set({ basicPricePence: 111 }).where(january1);
    const [correction] = await database.db
      .insert(imports)
      .values({ actor: "test", fileName: "correction.csv", outcome: "imported" })
      .returning({ id: imports.id });
    await database.db
      .update(tariffDatasets)
      .set({ importId: correction!.id })
      .where(
        and(
          eq(tariffDatasets.edition, 1),
          eq(tariffDatasets.part, "viiia"),
          eq(tariffDatasets.period, "2026-01-01"),
        ),
      );
    const renewed = await get("partviiia", "month=2026-01", { "if-none-match": january });
    expect(renewed.status).toBe(200);
    expect(await readGzippedRows(renewed)).toEqual([expect.objectContaining({ basicPrice: 111 })]);
    expect(await statusWith("2026-03", march)).toBe(200);
  });

  it("refuses a visitor without a session, and a user without a subscription", async () => {
    await actAs(null);
    const visitor = await get("partviiia", "month=2026-03");
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      error: { code: "unauthorized", message: "Please log in to continue." },
    });
    await actAs(await insertUser({ subscribed: false }));
    const unsubscribed = await get("partviiia", "month=2026-03");
    expect(unsubscribed.status).toBe(402);
    expect(JSON.stringify(await unsubscribed.json())).not.toContain("Amlodipine");
  });

  it("answers 404 for a list that does not exist", async () => {
    await actAs(subscriber);
    expect((await get("secrets", "")).status).toBe(404);
    expect((await get("__proto__", "")).status).toBe(404);
  });
});
