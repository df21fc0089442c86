import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { createDatabase, createPool } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertUser } from "@tests/fixtures/accounts";
import { fingerprintDatabase } from "@tests/fixtures/database-fingerprint";
import { databaseUrlFor } from "@tests/fixtures/database-template";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { insertSampleTariff } from "@tests/fixtures/tariff-rows";

/**
 * The backup drill of docs/deploy.md (docs/security.md abuse case 15): a database with accounts, a
 * licence and tariff data is dumped with `pg_dump --format=custom` and restored with `pg_restore
 * --no-owner --exit-on-error` into a new, empty database, exactly as the operator's commands say; the
 * copy holds the same rows, is at the same migration, and takes new writes. `pg_dump` reads a
 * PostgreSQL server, so the drill runs in the PostgreSQL pass (DATABASE_URL).
 */
const template = inject("testDatabase");
const tools = ["pg_dump", "pg_restore"].every((tool) => spawnSync(tool, ["--version"]).status === 0);
const canDrill = template.mode === "server" && tools;
if (!canDrill)
  console.warn(
    `Skipping the backup drill: ${template.mode === "server" ? "pg_dump and pg_restore are not installed" : "it needs a PostgreSQL server (set DATABASE_URL)"}.`,
  );

const database = setupTestDatabase();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-backup-"));
const dumpFile = path.join(folder, "tariffscope.dump");
const restored = `tariffscope_restored_${randomBytes(5).toString("hex")}`;
let admin: pg.Client | undefined;
let restoredUrl = "";

/** What a restore must bring back beside the tables: the migrations applied, so a start migrates nothing. */
async function migrationsApplied(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>("select count(*) from drizzle.__drizzle_migrations");
    return Number(result.rows[0]!.count);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!canDrill || template.mode !== "server") return;
  await insertSampleTariff(database.db);
  const { licenceId } = await insertOrganisation({ seats: 3, name: "Backup Drill Pharmacy" });
  await insertUser({ subscribed: true, admin: true, licenceId });

  const dumped = spawnSync("pg_dump", ["--format=custom", `--file=${dumpFile}`, database.url], {
    encoding: "utf8",
  });
  expect(dumped.stderr).toBe("");
  expect(dumped.status).toBe(0);

  admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`create database ${restored}`);
  restoredUrl = databaseUrlFor(template.serverUrl, restored);
});

afterAll(async () => {
  if (admin) {
    await admin.query(`drop database if exists ${restored} with (force)`);
    await admin.end();
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.runIf(canDrill)("a nightly backup restored as docs/deploy.md says", () => {
  it("restores into an empty database with the same rows in every table and the same migrations", async () => {
    const result = spawnSync(
      "pg_restore",
      ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, dumpFile],
      { encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);

    const [source, copy] = await Promise.all([
      fingerprintDatabase(database.url),
      fingerprintDatabase(restoredUrl),
    ]);
    expect(copy).toEqual(source);
    expect(source.licenses).toMatch(/^1:/);
    expect(source.auth_user).not.toMatch(/^0:/);
    expect(source.part_viiia_prices).not.toMatch(/^0:/);
    expect(await migrationsApplied(restoredUrl)).toBe(await migrationsApplied(database.url));
  });

  it("starts on the copy: migrating finds nothing to do, and new rows get fresh ids", async () => {
    const before = await fingerprintDatabase(restoredUrl);
    const pool = createPool(restoredUrl, { max: 1 });
    try {
      await migrateDatabase(createDatabase(pool));
      expect(await fingerprintDatabase(restoredUrl)).toEqual(before);

      const latest = await pool.query<{ max: string | null }>("select max(id)::text as max from imports");
      const added = await pool.query<{ id: string }>(
        "insert into imports (actor, file_name, outcome) values ('drill', 'after-restore.csv', 'imported') returning id::text",
      );
      expect(Number(added.rows[0]!.id)).toBeGreaterThan(Number(latest.rows[0]!.max ?? 0));
    } finally {
      await pool.end();
    }
  });
});
