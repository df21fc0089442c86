import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { originVerdict } from "@tests/fixtures/origins";

// A database the operator names (DATABASE_URL without EMBEDDED_DATABASE), served at a loopback APP_URL.
setupTestDatabase();

describe("the origins trusted on a database the operator names (APP_URL http://localhost:3000)", () => {
  it("accepts APP_URL itself", async () => {
    expect(await originVerdict("http://localhost:3000")).toEqual({ betterAuth: 200, ours: 204 });
  });

  it.each(["http://127.0.0.1:3000", "http://[::1]:3000"])(
    "refuses the loopback alias %s, in Better Auth and in our own route handlers alike",
    async (origin) => {
      expect(await originVerdict(origin)).toEqual({ betterAuth: 403, ours: 403 });
    },
  );
});
