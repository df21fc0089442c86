import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { user } from "@/db/schema";
import { DEMO_ACCOUNTS } from "@/db/seed";
import { setupTestDatabase } from "@tests/fixtures/db";
import { freePort, runScript } from "@tests/fixtures/processes";

/**
 * A database the operator names is production whatever NODE_ENV says (the README's own example
 * leaves it unset): nothing with a published password goes in, and nothing serves payments that
 * are not real, unless the operator opts in to that one thing.
 */
const database = setupTestDatabase();
const secret = "a-test-secret-that-is-long-enough-1234567890";

async function demoUsers() {
  return database.db
    .select({ email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
}

describe("an operator's database with NODE_ENV unset", () => {
  it("gets no demo accounts from the seed unless DEMO_SEED=1", async () => {
    const seed = async (demoSeed: string) => {
      const result = await runScript(
        "scripts/db.ts",
        { DATABASE_URL: database.url, NODE_ENV: "", DEMO_SEED: demoSeed },
        60_000,
        ["seed"],
      );
      expect(result.code, result.output).toBe(0);
    };
    await seed("");
    expect(await demoUsers()).toEqual([]);
    await seed("1");
    expect(await demoUsers()).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it("is refused by `npm start` without the Stripe settings, which it names, unless TEST_CHECKOUT=1", async () => {
    const result = await runScript("scripts/start.ts", {
      DATABASE_URL: database.url,
      NODE_ENV: "",
      BETTER_AUTH_SECRET: secret,
      TEST_CHECKOUT: "",
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/STRIPE_SECRET_KEY: expected the Stripe settings on a real database/);
    expect(result.output).toContain("STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_IDS");
    expect(result.output).toContain("TEST_CHECKOUT=1");
  });

  it("is refused by `npm start` without BETTER_AUTH_SECRET, before anything else happens", async () => {
    const result = await runScript("scripts/start.ts", {
      DATABASE_URL: database.url,
      NODE_ENV: "",
      TEST_CHECKOUT: "1",
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/BETTER_AUTH_SECRET: expected a random secret of at least 32 characters/);
    expect(result.output).not.toContain("Connecting to PostgreSQL");
  });
});
