import { describe, expect, it } from "vitest";

import { jobSchema } from "@/lib/jobs";
import { setupTestDatabase } from "@tests/fixtures/db";
import { runScript } from "@tests/fixtures/processes";

const database = setupTestDatabase();

async function schemaExists(name: string): Promise<boolean> {
  const { rows } = await database.pool.query("select 1 from pg_namespace where nspname = $1", [name]);
  return rows.length > 0;
}

describe("npm run db:reset", () => {
  it("drops the background jobs' schema with ours, so no run queued against the old data survives", async () => {
    await database.pool.query(`create schema if not exists ${jobSchema}`);
    await database.pool.query(`create table ${jobSchema}.job (id text primary key)`);
    await database.pool.query(`insert into ${jobSchema}.job values ('queued-before-reset')`);

    const result = await runScript("scripts/db.ts", { DATABASE_URL: database.url, NODE_ENV: "" }, 60_000, [
      "reset",
      "--force",
    ]);

    expect(result.code, result.output).toBe(0);
    expect(await schemaExists(jobSchema)).toBe(false);
    const { rows } = await database.pool.query("select count(*)::int as count from profiles");
    expect(rows[0]).toEqual({ count: 0 });
  });
});
