import { randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { createDatabase, createPool } from "./client";
import { migrateDatabase } from "./migrate";

/**
 * Instances that start together on a new database (docs/deploy.md) each apply the migrations:
 * all of them must start, and each migration must be applied once. Only a PostgreSQL server has
 * instances to start together: the embedded database belongs to the one `npm start` that opened it.
 */
const template = inject("testDatabase");
if (template.mode !== "server")
  console.warn("Skipping the concurrent-migration test: it needs DATABASE_URL to name a PostgreSQL server.");

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase(serverUrl: string): Promise<string> {
  const name = `tariffscope_migrate_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(template.mode === "server")("migrateDatabase", () => {
  it("lets three instances migrate a new database at once: all succeed, each migration applied once", async () => {
    const url = await emptyDatabase(template.mode === "server" ? template.serverUrl : "");
    const pools = [1, 2, 3].map(() => createPool(url, { max: 1 }));
    cleanups.push(async () => void (await Promise.all(pools.map((pool) => pool.end()))));

    const outcomes = await Promise.allSettled(pools.map((pool) => migrateDatabase(createDatabase(pool))));
    expect(outcomes).toEqual([1, 2, 3].map(() => expect.objectContaining({ status: "fulfilled" })));

    const { rows } = await pools[0]!.query<{ applied: number; distinct: number }>(
      "select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
    );
    expect(rows[0]!.applied).toBeGreaterThan(0);
    expect(rows[0]!.applied).toBe(rows[0]!.distinct);
  });
});
