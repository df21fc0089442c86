import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { originVerdict } from "@tests/fixtures/origins";

// The embedded default, as `npm start` runs the web server: set before the app reads its environment.
process.env.EMBEDDED_DATABASE = "1";

setupTestDatabase();

describe("the origins trusted on the embedded default (APP_URL http://localhost:3000)", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])(
    "signs in from %s, and our own route handlers accept it too",
    async (origin) => {
      expect(await originVerdict(origin)).toEqual({ betterAuth: 200, ours: 204 });
    },
  );

  it.each([
    "http://127.0.0.1:3001",
    "https://127.0.0.1:3000",
    "http://0.0.0.0:3000",
    "http://localhost.evil.example:3000",
    "http://evil.example",
  ])("refuses %s, in Better Auth and in our own route handlers alike", async (origin) => {
    expect(await originVerdict(origin)).toEqual({ betterAuth: 403, ours: 403 });
  });
});
