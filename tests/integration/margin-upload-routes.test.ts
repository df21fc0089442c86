import { beforeAll, describe, expect, it, vi } from "vitest";

import { POST as previewRoute } from "@/app/api/margin-check/preview/route";
import { POST as uploadsRoute } from "@/app/api/margin-check/uploads/route";
import { insertUser, testOrigin, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { actAs } from "@tests/fixtures/request-context";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * How the margin check's two routes read an upload (docs/security.md, "Uploads"): a name that cannot
 * be decoded is the client's mistake, and a file over one of the margin check's limits is refused
 * naming the limit, before it is read whole.
 */
setupTestDatabase();

let delegate: TestUser;

beforeAll(async () => {
  const { licenseId } = await insertOrganisation({ name: "Upload Limits Ltd" });
  delegate = await insertUser({ delegate: true, subscribed: true, licenseId });
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
});
