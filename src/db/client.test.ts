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
});
