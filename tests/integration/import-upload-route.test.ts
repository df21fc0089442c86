import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as uploadRoute } from "@/app/api/owner/imports/route";
import { maxUploadBytes, receiveUpload } from "@/features/imports/upload";
import { insertUser, testOrigin, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";
import { snapshotTariffData, tariffFileFolder, viiiaCsv } from "@tests/fixtures/tariff-files";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * The import console's upload route (ADR 116): the owner only (401 without a session, 403 for anyone
 * else), same-origin file bodies only, size-capped before and while reading, whole files only, and
 * every file through the import pipeline with its stages streamed back.
 */
const database = setupTestDatabase();

let owner: TestUser;
let subscriber: TestUser;

beforeAll(async () => {
  owner = await insertUser({ subscribed: true });
  subscriber = await insertUser({ subscribed: true, admin: true });
  process.env.OWNER_USER_IDS = owner.id;
});

function upload(body: Buffer | null, headers: Record<string, string> = {}) {
  return uploadRoute(
    new Request(`${testOrigin}/api/owner/imports`, {
      method: "POST",
      headers: {
        origin: testOrigin,
        "content-type": "application/octet-stream",
        "x-file-name": encodeURIComponent("Part VIIIA Jun 26.csv"),
        // As a browser sends it; Node's Request does not add it by itself.
        ...(Buffer.isBuffer(body) ? { "content-length": String(body.length) } : {}),
        ...headers,
      },
      body: body ? new Uint8Array(body) : null,
    }),
    undefined,
  );
}

const lines = async (response: Response) =>
  (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function importCount() {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from imports`);
  return result.rows[0]!.n;
}

describe("POST /api/owner/imports", () => {
  it("answers 401 without a session and 403 to a signed-in user who is not an owner, importing nothing", async () => {
    const before = await importCount();
    await actAs(null);
    expect((await upload(viiiaCsv("June"))).status).toBe(401);
    await actAs(subscriber);
    const refused = await upload(viiiaCsv("June"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "forbidden" } });
    expect(await importCount()).toBe(before);
  });

  it("refuses a request from another site, or a body that is not a file", async () => {
    await actAs(owner);
    expect((await upload(viiiaCsv("June"), { origin: "http://evil.example" })).status).toBe(403);
    expect(
      (await upload(viiiaCsv("June"), { "content-type": "multipart/form-data; boundary=x" })).status,
    ).toBe(415);
    expect((await upload(viiiaCsv("June"), { "x-file-name": "..%2F..%2Fetc%2Fpasswd" })).status).toBe(400);
  });

  it("imports an owner's file through the import pipeline and streams its stages, recorded as an upload", async () => {
    await actAs(owner);
    const response = await upload(viiiaCsv("June"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const events = await lines(response);
    expect(events.map((event) => event.stage)).toEqual(expect.arrayContaining(["reading", "saving", "done"]));
    expect(events.at(-1)).toMatchObject({
      stage: "done",
      outcome: {
        file: "Part VIIIA Jun 26.csv",
        part: "viiia",
        edition: "ew",
        period: "2026-06",
        rows: 4,
        status: "imported",
      },
    });
    const [record] = (
      await database.db.execute<{ actor: string; file_sha256: string }>(
        sql`select actor, file_sha256 from imports order by id desc limit 1`,
      )
    ).rows;
    expect(record).toMatchObject({
      actor: `upload:${owner.email}`,
      file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const again = await lines(await upload(viiiaCsv("June")));
    expect(again.at(-1)).toMatchObject({ outcome: { status: "unchanged" } });
  });

  it("reports a bad file's line and column, and changes no data", async () => {
    await actAs(owner);
    const broken = viiiaCsv("June").toString("latin1").replace(",1200", ",n/a");
    const before = await snapshotTariffData(database.db);
    const events = await lines(await upload(Buffer.from(broken, "latin1")));
    expect(events.at(-1)).toMatchObject({ stage: "done", outcome: { status: "rejected" } });
    expect(String((events.at(-1)!.outcome as { message: string }).message)).toMatch(
      /line \d+, column "Basic Price"/,
    );
    expect(await snapshotTariffData(database.db)).toEqual(before);
  });

  it("refuses a declared length over the cap before reading the body", async () => {
    await actAs(owner);
    const response = await upload(Buffer.from("x"), { "content-length": String(maxUploadBytes + 1) });
    expect(response.status).toBe(413);
  });
});

describe("receiving an upload", () => {
  const { folder } = tariffFileFolder("upload-caps");
  const stream = (chunks: Buffer[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
        controller.close();
      },
    });

  it("stops a body that grows past the cap or past its declared length", async () => {
    const chunk = Buffer.alloc(1024, "a");
    await expect(
      receiveUpload(stream([chunk, chunk, chunk]), "3072", `${folder}/big.csv`, 2048),
    ).rejects.toMatchObject({
      code: "too_large",
    });
    await expect(
      receiveUpload(stream([chunk, chunk]), "1024", `${folder}/liar.csv`, 1_000_000),
    ).rejects.toMatchObject({
      code: "too_large",
    });
  });

  it("refuses a body that ends short of its declared length: only whole files are imported", async () => {
    const chunk = Buffer.alloc(1024, "a");
    await expect(receiveUpload(stream([chunk]), "4096", `${folder}/short.csv`)).rejects.toThrow(
      /ended after 1024 of 4096 bytes/,
    );
    expect(await receiveUpload(stream([chunk]), "1024", `${folder}/whole.csv`)).toBe(1024);
  });
});
