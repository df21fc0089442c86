import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { apiKeys, licences, watchlistItems, watchlists } from "@/db/schema";
import { createKey, revokeKey } from "@/features/api/commands";
import { createApiKey, listApiKeys } from "@/features/api/keys";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { runAs } from "@tests/fixtures/actions";
import { apiCall, problemOf } from "@tests/fixtures/data-api";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { codes, insertDatasets, insertSampleTariff } from "@tests/fixtures/tariff-rows";

/**
 * The data API (ADR 200–203) called as a licence's system calls it: a Bearer key and nothing else.
 * The key abuse cases of docs/security.md (abuse case 18) are here.
 */
const database = setupTestDatabase();

type Org = Awaited<ReturnType<typeof insertOrganisation>>;
let org: Org;
let other: Org;
let key: string;

const call = (path: string, options: { key?: string | null; headers?: Record<string, string> } = {}) =>
  apiCall(path, { key: options.key === undefined ? key : options.key, headers: options.headers });

async function addWatchlist(ownerId: string, name: string, shared: boolean, code: string) {
  const [list] = await database.db.insert(watchlists).values({ ownerId, name, shared }).returning();
  await database.db.insert(watchlistItems).values({ watchlistId: list!.id, kind: "drug", code });
  return list!.id;
}

beforeAll(async () => {
  await insertSampleTariff(database.db);
  await insertDatasets(database.db, [[1, "concessions", "2026-03-01"]]);
  org = await insertOrganisation({ name: "Shah Pharmacy Ltd" });
  other = await insertOrganisation({ name: "Other Pharmacy Ltd" });
  const made = await runAs(createKey, { name: "Stock system" }, org.admin);
  if (!made.ok) throw new Error(made.message);
  key = made.data.key;
  await addWatchlist(org.admin.id, "Shared at Shah", true, codes.drug);
  await addWatchlist(org.member.id, "Member's own", false, codes.drug);
  await addWatchlist(other.admin.id, "Other's shared", true, codes.added);
});
beforeEach(() => clearDataVersionCache());

describe("API keys (ADR 200)", () => {
  it("are made by a licence admin only, shown once and stored as a hash", async () => {
    expect(key).toMatch(/^ts_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const member = await runAs(createKey, { name: "Mine" }, org.member);
    expect(member).toMatchObject({ ok: false, code: "forbidden" });
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.licenceId, org.licenceId));
    expect(JSON.stringify(row)).not.toContain(key.slice(20));
    const listed = await listApiKeys(org.licenceId);
    expect(listed).toEqual([
      expect.objectContaining({ name: "Stock system", prefix: `${key.slice(0, 20)}…` }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(21));
  });

  it("refuses a call without a key, with a cookie only, or with a wrong one, as problem details", async () => {
    const none = await call("/months", { key: null, headers: { cookie: "better-auth.session_token=x" } });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await problemOf(none)).toMatchObject({ status: 401, code: "unauthorized" });
    const wrong = await call("/months", { key: `${key.slice(0, -4)}AAAA` });
    expect(wrong.status).toBe(401);
  });

  it("records the last use and counts the calls", async () => {
    const { key: fresh, summary } = await createApiKey(org.licenceId, org.admin.id, "Counting");
    expect(summary.lastUsedAt).toBeNull();
    expect((await call("/months", { key: fresh })).status).toBe(200);
    expect((await call("/months", { key: fresh })).status).toBe(200);
    const listed = (await listApiKeys(org.licenceId)).find((entry) => entry.id === summary.id)!;
    expect(listed.requestCount).toBe(2);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});

describe("key abuse (docs/security.md abuse case 18)", () => {
  it("refuses a revoked key from its next call", async () => {
    const { key: doomed, summary } = await createApiKey(org.licenceId, org.admin.id, "Doomed");
    expect((await call("/months", { key: doomed })).status).toBe(200);
    // Another licence's admin cannot revoke it; its own can.
    expect(await runAs(revokeKey, { keyId: summary.id }, other.admin)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await runAs(revokeKey, { keyId: summary.id }, org.admin)).toMatchObject({ ok: true });
    const refused = await call("/months", { key: doomed });
    expect(refused.status).toBe(401);
    expect((await problemOf(refused)).detail).toContain("revoked");
  });

  it("refuses every key of a licence whose subscription lapsed", async () => {
    const lapsing = await insertOrganisation({ name: "Lapsing Ltd" });
    const { key: lapsed } = await createApiKey(lapsing.licenceId, lapsing.admin.id, "Till");
    expect((await call("/months", { key: lapsed })).status).toBe(200);
    await database.db
      .update(licences)
      .set({ status: "canceled" })
      .where(eq(licences.licenceId, lapsing.licenceId));
    const refused = await call("/months", { key: lapsed });
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toMatchObject({ code: "subscription_required" });
  });

  it("refuses a key sent in the address, even with a valid header, before reading anything", async () => {
    for (const query of [`?api_key=${key}`, `?month=2026-03&token=abc`, `?q=${key}`]) {
      const refused = await call(`/months${query}`);
      expect(refused.status).toBe(400);
      expect(await problemOf(refused)).toMatchObject({ code: "key_in_url" });
    }
  });

  it("answers 429 with Retry-After once a key passes its requests a minute", async () => {
    const { key: busy } = await createApiKey(org.licenceId, org.admin.id, "Burst", { perMinute: 3 });
    const statuses = [];
    for (let call_ = 0; call_ < 5; call_++) statuses.push((await call("/months", { key: busy })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await call("/months", { key: busy });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await problemOf(limited)).toMatchObject({ code: "rate_limited", status: 429 });
    // Another key of the same licence has its own allowance.
    expect((await call("/months")).status).toBe(200);
  });

  it("reads its own licence's shared watchlists only: never another licence's, nor a member's private one", async () => {
    const response = await call("/watchlists?month=2026-03");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { watchlists: { name: string; packs: { code: string }[] }[] };
    expect(body.watchlists.map((list) => list.name)).toEqual(["Shared at Shah"]);
    expect(body.watchlists[0]!.packs).toEqual([
      expect.objectContaining({ code: codes.drug, pricePence: 150, concessionPence: 300 }),
    ]);
    const { key: otherKey } = await createApiKey(other.licenceId, other.admin.id, "Other");
    const theirs = (await (await call("/watchlists?month=2026-03", { key: otherKey })).json()) as typeof body;
    expect(theirs.watchlists.map((list) => list.name)).toEqual(["Other's shared"]);
  });
});

describe("resources (ADR 202)", () => {
  it("gives a part's packs for a month, priced by the pricing model, with an ETag and 304 to a repeat", async () => {
    const response = await call("/parts/viiia/packs?month=2026-03");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      month: string;
      rows: Record<string, unknown>[];
      nextCursor: null;
    };
    expect(body).toMatchObject({ month: "2026-03", release: "2026-03-01", nextCursor: null });
    // March's concession replaces the price; the net price is paid on it.
    expect(body.rows).toEqual([
      expect.objectContaining({ medicine: "Amlodipine 5mg tablets", basicPrice: 150, concessionPrice: 300 }),
    ]);
    const etag = response.headers.get("etag")!;
    const again = await call("/parts/viiia/packs?month=2026-03", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("pages by cursor, and filters by codes and by name", async () => {
    const first = (await (await call("/parts/ix/packs?month=2026-01&limit=2")).json()) as {
      rows: { ampName: string }[];
      nextCursor: string;
    };
    expect(first.rows).toHaveLength(2);
    const second = (await (
      await call(`/parts/ix/packs?month=2026-01&limit=2&cursor=${first.nextCursor}`)
    ).json()) as { rows: { ampName: string }[]; nextCursor: string | null };
    expect(second.rows).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.rows, ...second.rows].map((row) => row.ampName)).size).toBe(3);
    const coded = (await (
      await call(`/parts/ix/packs?month=2026-01&codes=${codes.appliancePack},999`)
    ).json()) as {
      rows: { ampName: string }[];
    };
    expect(coded.rows.map((row) => row.ampName)).toEqual(["Acme Foam 10cm"]);
    const named = (await (await call("/parts/ix/packs?month=2026-01&name=gauze")).json()) as {
      rows: { ampName: string }[];
    };
    expect(named.rows.map((row) => row.ampName).sort()).toEqual(["Acme Gauze large", "Acme Gauze small"]);
    const forged = await call("/parts/ix/packs?month=2026-01&cursor=2.AAAAAAAA");
    expect(forged.status).toBe(409);
  });

  it("answers CSV with format=csv or Accept: text/csv, through the one CSV writer", async () => {
    for (const [path, headers] of [
      ["/parts/viiia/packs?month=2026-03&format=csv", {}],
      ["/parts/viiia/packs?month=2026-03", { accept: "text/csv" }],
    ] as const) {
      const response = await call(path, { headers });
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const text = await response.text();
      expect(text.split("\r\n")[0]).toContain("Basic price (£)");
      expect(text).toContain("Amlodipine 5mg tablets,28,tablet,A,1.50,3.00");
    }
  });

  it("gives one pack's money and refuses a month that is not loaded or not a month", async () => {
    const pack = (await (await call(`/packs/${codes.drug}?month=2026-03`)).json()) as {
      month: { price: { pricePence: number; concessionPence: number } };
    };
    expect(pack.month.price).toMatchObject({ pricePence: 150, concessionPence: 300 });
    expect((await call("/packs/999999999?month=2026-03")).status).toBe(404);
    const bad = await call("/parts/viiia/packs?month=2026-13");
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).detail).toContain("YYYY-MM");
    const absent = await call("/parts/viiia/packs?month=1999-01");
    expect(absent.status).toBe(404);
    expect((await call("/parts/viiia/packs?month=2026-03&colour=red")).status).toBe(400);
  });

  it("gives a month's concessions, changes and the months loaded", async () => {
    const concessions = (await (await call("/concessions?month=2026-03")).json()) as {
      rows: { drug: string }[];
    };
    expect(concessions.rows.map((row) => row.drug)).toEqual([
      "Amlodipine 5mg tablets",
      "Unmatched 1mg tablets",
    ]);
    const changes = (await (await call("/changes?month=2026-02")).json()) as {
      changes: { kind: string; name: string; period: string }[];
    };
    expect(changes.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "addition", name: "Zopiclone 7.5mg tablets", period: "2026-02" }),
        expect.objectContaining({ kind: "deletion", name: "Bisoprolol 10mg tablets" }),
      ]),
    );
    expect(changes.changes.every((change) => change.period === "2026-02")).toBe(true);
    const months = (await (await call("/months")).json()) as { months: { part: string; month: string }[] };
    expect(months.months).toEqual(
      expect.arrayContaining([expect.objectContaining({ part: "viiia", month: "2026-03" })]),
    );
  });
});
