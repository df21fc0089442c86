import { afterEach, describe, expect, it, vi } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * The upload routes are not seen by the proxy (src/proxy.ts), which sets the Content-Security-Policy
 * and, over https, HSTS on every other response (docs/security.md R15, ADR 030): they set the same
 * headers themselves, on their answers and on their refusals.
 */
setupTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The upload routes as served at `appUrl` (the environment is read once, so each is loaded afresh). */
async function uploadRoutesAt(appUrl: string) {
  vi.stubEnv("APP_URL", appUrl);
  vi.resetModules();
  return {
    "/api/owner/imports": (await import("@/app/api/owner/imports/route")).POST,
    "/api/margin-check/preview": (await import("@/app/api/margin-check/preview/route")).POST,
    "/api/margin-check/uploads": (await import("@/app/api/margin-check/uploads/route")).POST,
  };
}

async function answers(appUrl: string) {
  const routes = await uploadRoutesAt(appUrl);
  const { actAs } = await import("@tests/fixtures/request-context");
  await actAs(null);
  return Promise.all(
    Object.entries(routes).map(async ([path, handler]) => {
      const response = await handler(
        new Request(`${appUrl}${path}`, {
          method: "POST",
          headers: { origin: appUrl, "content-type": "application/octet-stream", "x-file-name": "a.csv" },
          body: new Uint8Array(Buffer.from("a,b\n")),
        }),
        undefined,
      );
      return { path, response };
    }),
  );
}

describe("the upload routes' security headers", () => {
  it("send the Content-Security-Policy on their answers, refusals included", async () => {
    for (const { path, response } of await answers("http://localhost:3000")) {
      expect(response.status, path).toBe(401);
      expect(response.headers.get("content-security-policy"), path).toMatch(
        /default-src 'self';.*frame-ancestors 'self'/,
      );
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("send HSTS and upgrade insecure requests when APP_URL is https", async () => {
    for (const { path, response } of await answers("https://tariffscope.example")) {
      expect(response.status, path).toBe(401);
      expect(response.headers.get("strict-transport-security"), path).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(response.headers.get("content-security-policy"), path).toContain("upgrade-insecure-requests");
    }
  });
});
