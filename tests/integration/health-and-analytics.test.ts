import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { POST as recordPageView } from "@/app/api/analytics/page-view/route";
import { GET as health } from "@/app/api/health/route";
import { closeDb } from "@/db/client";
import { pageViews } from "@/db/schema";
import { pageViewLimit } from "@/features/analytics/page-views";
import { clientAddressHeader } from "@/lib/client-address";
import { setupTestDatabase } from "@tests/fixtures/db";
import { freePort } from "@tests/fixtures/processes";

const database = setupTestDatabase();
const origin = "http://localhost:3000";

function pageView(body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${origin}/api/analytics/page-view`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function latestViews() {
  return database.db.select().from(pageViews).orderBy(desc(pageViews.id));
}

describe("GET /api/health", () => {
  it("answers 200 with the database ok when it answers", async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers 503 when the database does not", async () => {
    const workingUrl = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    try {
      const response = await health();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "error", db: "unreachable" });
    } finally {
      await closeDb();
      process.env.DATABASE_URL = workingUrl;
    }
  });
});

describe("POST /api/analytics/page-view", () => {
  it("records the path without its query string, and only the referring host", async () => {
    const response = await recordPageView(
      pageView({
        path: "/blog/what-is-part-ix?searchTerm=secret",
        referrer: "https://www.google.com/search?q=x",
      }),
      undefined,
    );
    expect(response.status).toBe(204);
    const [row] = await latestViews();
    expect(row).toMatchObject({ path: "/blog/what-is-part-ix", referrerHost: "www.google.com" });
  });

  it.each([
    ["another site's Origin", { origin: "http://evil.example" }, 403],
    ["an Origin of null", { origin: "null" }, 403],
    ["a plain-text body (a cross-site form)", { "content-type": "text/plain" }, 415],
  ])("refuses %s and stores nothing", async (_label, headers, status) => {
    const before = (await latestViews()).length;
    const response = await recordPageView(pageView({ path: "/" }, headers), undefined);
    expect(response.status).toBe(status);
    expect((await latestViews()).length).toBe(before);
  });

  it("refuses a request without an Origin", async () => {
    const request = new Request(`${origin}/api/analytics/page-view`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/" }),
    });
    expect((await recordPageView(request, undefined)).status).toBe(403);
  });

  it.each([
    ["a path that is not on this site", { path: "https://evil.example/" }],
    ["extra fields", { path: "/", userId: "someone" }],
    ["a path of 3,000 characters", { path: `/${"a".repeat(3000)}` }],
  ])("refuses %s with a validation error", async (_label, body) => {
    const response = await recordPageView(pageView(body), undefined);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("validation");
  });

  it(`takes at most ${pageViewLimit.max} a minute from one client address, and stores none beyond`, async () => {
    const address = { [clientAddressHeader]: "198.51.100.23" };
    for (let view = 0; view < pageViewLimit.max; view++) {
      expect((await recordPageView(pageView({ path: `/limit-${view}` }, address), undefined)).status).toBe(
        204,
      );
    }
    const before = (await latestViews()).length;
    const refused = await recordPageView(pageView({ path: "/one-too-many" }, address), undefined);
    expect(refused.status).toBe(429);
    expect((await latestViews()).length).toBe(before);
    // Another address is counted on its own.
    const other = { [clientAddressHeader]: "198.51.100.24" };
    expect((await recordPageView(pageView({ path: "/" }, other), undefined)).status).toBe(204);
  });

  it("refuses a body larger than any page view before reading it all", async () => {
    const huge = JSON.stringify({ path: "/", referrer: "x".repeat(100 * 1024) });
    const declared = await recordPageView(
      pageView(huge, { "content-length": String(huge.length) }),
      undefined,
    );
    expect(declared.status).toBe(413);
    // Without a declared length (a streamed body), reading stops at the cap.
    const streamed = new Request(`${origin}/api/analytics/page-view`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: new Blob([huge]).stream(),
      duplex: "half",
    } as RequestInit);
    expect((await recordPageView(streamed, undefined)).status).toBe(413);
  });

  it("answers malformed JSON with a client error, not a crash", async () => {
    const response = await recordPageView(pageView("{not json"), undefined);
    expect(response.status).toBe(400);
  });
});
