import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as previewRoute } from "@/app/api/margin-check/preview/route";
import { POST as uploadsRoute } from "@/app/api/margin-check/uploads/route";
import { insertUser, testOrigin, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { actAs } from "@tests/fixtures/request-context";
import { sharedStringBomb, workbookOf } from "@tests/fixtures/zip-bombs";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * How the margin check's two routes read an upload (docs/security.md, "Uploads"): a name that cannot
 * be decoded is the client's mistake, and a file over one of the margin check's limits is refused
 * naming the limit, before it is read whole.
 */
setupTestDatabase();

let delegate: TestUser;

beforeAll(async () => {
  const { licenceId } = await insertOrganisation({ name: "Upload Limits Ltd" });
  delegate = await insertUser({ delegate: true, subscribed: true, licenceId });
});

const mapping = encodeURIComponent(JSON.stringify({ product: "Product", packSize: null, cost: "Cost" }));

function post(
  route: "preview" | "uploads",
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  const handler = route === "preview" ? previewRoute : uploadsRoute;
  return handler(
    new Request(`${testOrigin}/api/margin-check/${route}`, {
      method: "POST",
      headers: {
        origin: testOrigin,
        "content-type": "application/octet-stream",
        "content-length": String(body.byteLength),
        "x-file-name": "prices.csv",
        "x-margin-mapping": mapping,
        ...headers,
      },
      body,
    }),
    undefined,
  );
}

const csv = new TextEncoder().encode("Product,Cost\nAmlodipine 5mg tablets,0.50\n");

describe("the margin check's upload routes", () => {
  it("answer 400, not a server error, to a file name that is not valid percent-encoding", async () => {
    await actAs(delegate);
    for (const route of ["preview", "uploads"] as const) {
      const response = await post(route, csv, { "x-file-name": "%E0%A4%A" });
      expect(response.status, route).toBe(400);
      expect(await response.json(), route).toMatchObject({ error: { code: "validation" } });
    }
  });

  it("refuse a workbook whose shared string inflates to 240 MB within a second, naming the limit", async () => {
    await actAs(delegate);
    const bomb = new Uint8Array(await sharedStringBomb());
    for (const route of ["preview", "uploads"] as const) {
      const started = Date.now();
      const response = await post(route, bomb, { "x-file-name": "prices.xlsx" });
      expect(Date.now() - started, route).toBeLessThan(1500);
      expect(response.status, route).toBe(422);
      expect(await response.json(), route).toEqual({
        error: {
          code: "bad_file",
          message:
            "prices.xlsx: the workbook's shared-string table holds more than 16 MB once decompressed: over the limit for a margin-check file",
        },
      });
    }
  });

  it("refuse a CSV with a cell longer than a price list needs, naming the limit", async () => {
    await actAs(delegate);
    const long = new TextEncoder().encode(`Product,Cost\n${"x".repeat(5000)},1.00\n`);
    const response = await post("preview", long);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: {
        message:
          "prices.csv, line 2: a cell of more than 2,000 characters: over the limit for a margin-check file",
      },
    });
  });

  it("echo long header cells shortened, and take the shortened name back as the mapping", async () => {
    await actAs(delegate);
    const header = `Product ${"described at length ".repeat(60)}`;
    const workbook = new Uint8Array(
      await workbookOf({
        sheetData: [
          `<row r="1"><c r="A1" t="inlineStr"><is><t>${header}</t></is></c><c r="B1" t="inlineStr"><is><t>Cost</t></is></c></row>`,
          '<row r="2"><c r="A2" t="inlineStr"><is><t>Amlodipine 5mg tablets</t></is></c><c r="B2"><v>0.5</v></c></row>',
        ],
      }),
    );
    const preview = await post("preview", workbook, { "x-file-name": "prices.xlsx" });
    expect(preview.status).toBe(200);
    const read = (await preview.json()) as { headers: string[]; sample: string[][] };
    expect(read.headers).toEqual([header.trim().slice(0, 200), "Cost"]);
    expect(read.sample).toEqual([["Amlodipine 5mg tablets", "0.5"]]);
    const saved = await post("uploads", workbook, {
      "x-file-name": "prices.xlsx",
      "x-margin-mapping": encodeURIComponent(
        JSON.stringify({ product: read.headers[0], packSize: null, cost: "Cost" }),
      ),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ lines: 1, problems: [] });
  });
});
