import { afterEach, describe, expect, it, vi } from "vitest";

import { closeDb, getPool } from "./client";

describe("the application's database pool", () => {
  afterEach(async () => {
    await closeDb();
    vi.unstubAllEnvs();
  });

  it("keeps as many connections per process as DATABASE_POOL_SIZE says, ten by default", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://tariffscope@127.0.0.1:1/unused");
    expect(getPool().options.max).toBe(10);
    await closeDb();
    vi.stubEnv("DATABASE_POOL_SIZE", "3");
    expect(getPool().options.max).toBe(3);
  });

  it("is one pool per process however many bundles load this module (Next.js loads it once per server bundle)", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://tariffscope@127.0.0.1:1/unused");
    const pool = getPool();
    vi.resetModules();
    const another = (await import("./client")) as typeof import("./client");
    expect(another.getPool()).toBe(pool);
    await another.closeDb();
    expect(getPool()).not.toBe(pool);
  });
});
