import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as previewRoute } from "@/app/api/margin-check/preview/route";
import { POST as uploadRoute } from "@/app/api/margin-check/uploads/route";
import { marginUsage, rateLimits } from "@/db/schema";
import { insertUser, testOrigin, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { actAs } from "@tests/fixtures/request-context";
import { insertSampleTariff } from "@tests/fixtures/tariff-rows";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * The margin check's routes under their limits (ADR 166, docs/security.md abuse case 16): a user's
 * uploads an hour, a licence's lines a day and uploads kept, each answered 429 with a message that
 * says which and what to do, before the file is read; and the columns read before mapping.
 */
const database = setupTestDatabase();

let licenceId: string;
let admin: TestUser;

beforeAll(async () => {
  await insertSampleTariff(database.db);
  licenceId = (await insertOrganisation()).licenceId;
  admin = await insertUser({ subscribed: true, admin: true, licenceId });
});

const csv = "Product,Pack,Cost\nAmlodipine 5mg tablets,28,0.50\n";
const mapping = { product: "Product", code: null, packSize: "Pack", cost: "Cost" };

function post(route: typeof uploadRoute, url: string, headers: Record<string, string> = {}) {
  return route(
    new Request(`${testOrigin}${url}`, {
      method: "POST",
      headers: {
        origin: testOrigin,
        "content-type": "application/octet-stream",
        "x-file-name": encodeURIComponent("prices.csv"),
        "content-length": String(Buffer.byteLength(csv)),
        ...headers,
      },
      body: new TextEncoder().encode(csv),
    }),
    undefined,
  );
}

const upload = () =>
  post(uploadRoute, "/api/margin-check/uploads", {
    "x-margin-mapping": encodeURIComponent(JSON.stringify(mapping)),
  });

async function uploadsKept() {
  const result = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from margin_uploads where license_id = ${licenceId}`,
  );
  return result.rows[0]!.n;
}

describe("POST /api/margin-check/uploads under the limits", () => {
  it("saves an upload within them", async () => {
    await actAs(admin);
    const response = await upload();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ lines: 1 });
  });

  it("answers 429 to a user's 31st upload of the hour, saving nothing", async () => {
    await actAs(admin);
    const before = await uploadsKept();
    await database.db
      .insert(marginUsage)
      .values(Array.from({ length: 30 }, () => ({ licenceId, userId: admin.id, lines: 1 })));
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: {
        code: "rate_limited",
        message: expect.stringMatching(/the most allowed \(30 an hour\)\. Please try again in/),
      },
    });
    // The hour's first upload leaves the window within the hour: the client is told when.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(await uploadsKept()).toBe(before);
    await database.db.execute(sql`delete from margin_usage where license_id = ${licenceId}`);
  });

  it("answers 429 when the licence's lines of the day are used, and when it keeps all it may", async () => {
    await actAs(admin);
    await database.db.insert(marginUsage).values({ licenceId, userId: null, lines: 100_000 });
    const overDay = await upload();
    expect(overDay.status).toBe(429);
    expect((await overDay.json()).error.message).toMatch(/would pass its limit of 100,000 a day/);
    expect(Number(overDay.headers.get("retry-after"))).toBeGreaterThan(86_000);
    expect(Number(overDay.headers.get("retry-after"))).toBeLessThanOrEqual(86_400);
    await database.db.execute(sql`delete from margin_usage where license_id = ${licenceId}`);

    await database.db.execute(sql`
      insert into margin_uploads (license_id, file_name)
      select ${licenceId}, 'old.csv' from generate_series(1, 100 - ${await uploadsKept()})`);
    const full = await upload();
    expect(full.status).toBe(429);
    expect((await full.json()).error.message).toMatch(/^Your licence keeps 100 margin-check uploads/);
    // Waiting frees nothing here, so no time is given: deleting an upload does.
    expect(full.headers.get("retry-after")).toBeNull();
    expect(await uploadsKept()).toBe(100);
    await database.db.execute(sql`delete from margin_uploads where license_id = ${licenceId}`);
  });
});

describe("POST /api/margin-check/preview under its limit", () => {
  it("reads a file's columns, and answers 429 past four times the uploads an hour", async () => {
    await actAs(admin);
    const read = await post(previewRoute, "/api/margin-check/preview");
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ headers: ["Product", "Pack", "Cost"], rows: 1 });
    await database.db
      .update(rateLimits)
      .set({ count: 120 })
      .where(sql`${rateLimits.key} = ${`margins:preview:${admin.id}`}`);
    const refused = await post(previewRoute, "/api/margin-check/preview");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/^Too many files read for the margin check/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
  });
});
