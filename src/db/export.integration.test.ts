import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { insertOrganisation } from "@tests/fixtures/licences";
import { fingerprintDatabase } from "@tests/fixtures/database-fingerprint";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertSampleTariff } from "@tests/fixtures/tariff-rows";

import { createDatabase, createPool } from "./client";
import { exportDatabase } from "./export";
import { migrateDatabase } from "./migrate";
import { licences } from "./schema";

/**
 * `npm run db:export`: the data of the database under test (PGlite or PostgreSQL) written to a file,
 * loaded with `psql` into a new database on a PostgreSQL server, and compared table by table.
 * Needs a PostgreSQL server (the one under test, or CI_POSTGRES_URL) and `psql`.
 */
const database = setupTestDatabase();

const template = inject("testDatabase");
const serverUrl =
  template.mode === "server"
    ? template.serverUrl
    : (process.env.CI_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const psql = spawnSync("psql", ["--version"]).status === 0;

async function serverAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const canLoad = psql && (await serverAnswers());
if (!canLoad)
  console.warn(
    `Skipping the db:export load tests: ${psql ? `no PostgreSQL server answers at ${new URL(serverUrl).host}` : "psql is not installed"}.`,
  );

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-export-"));
const exportFile = path.join(folder, "export.sql");
const made: string[] = [];
let admin: pg.Client;

function urlOf(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the server, migrated unless asked not to be. */
async function newDatabase(migrated = true): Promise<string> {
  const name = `tariffscope_export_${randomBytes(5).toString("hex")}`;
  await admin.query(`create database ${name}`);
  made.push(name);
  if (migrated) {
    const pool = createPool(urlOf(name), { max: 1 });
    await migrateDatabase(createDatabase(pool));
    await pool.end();
  }
  return urlOf(name);
}

function load(url: string) {
  return spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-q", "-f", exportFile], { encoding: "utf8" });
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  if (canLoad) await admin.connect();
  await insertSampleTariff(database.db);
  const { licenceId } = await insertOrganisation({ name: "O'Brien\tChemists\\Ltd\nUnit 2 — Café ＝1" });
  await database.db
    .update(licences)
    .set({ seats: 7 })
    .where(sql`${licences.licenceId} = ${licenceId}`);
  const client = await database.pool.connect();
  const chunks: string[] = [];
  try {
    await exportDatabase(client, async (chunk) => void chunks.push(chunk));
  } finally {
    client.release();
  }
  fs.writeFileSync(exportFile, chunks.join(""));
});

afterAll(async () => {
  if (canLoad) {
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.runIf(canLoad)("npm run db:export", () => {
  it("writes a file that psql loads into a migrated database, giving the same rows in every table", async () => {
    const target = await newDatabase();
    const loaded = load(target);
    expect(loaded.stderr).toBe("");
    expect(loaded.status).toBe(0);
    const [source, copy] = await Promise.all([
      fingerprintDatabase(database.url),
      fingerprintDatabase(target),
    ]);
    expect(Object.keys(copy)).toEqual(Object.keys(source));
    expect(copy).toEqual(source);
    expect(source.licenses).toMatch(/^1:/);
    expect(source.part_viiia_prices).not.toMatch(/^0:/);
  });

  it("leaves the loaded database ready to use: new rows get fresh ids after the loaded ones", async () => {
    const target = await newDatabase();
    expect(load(target).status).toBe(0);
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const before = await client.query<{ max: string }>("select max(id)::text as max from imports");
      const added = await client.query<{ id: string }>(
        "insert into imports (actor, file_name, outcome) values ('test', 'after-load.csv', 'imported') returning id::text",
      );
      expect(Number(added.rows[0]!.id)).toBeGreaterThan(Number(before.rows[0]!.max));
      // The triggers that keep the search's names, off while the file loaded, are on again.
      const off = await client.query<{ name: string }>(
        "select tgname as name from pg_trigger where not tgisinternal and tgenabled = 'D'",
      );
      expect(off.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it("refuses a database that already has accounts, and changes nothing in it", async () => {
    const target = await newDatabase();
    expect(load(target).status).toBe(0);
    const before = await fingerprintDatabase(target);
    const again = load(target);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain("the target database already has user accounts");
    expect(await fingerprintDatabase(target)).toEqual(before);
  });

  it("refuses a database that is not migrated to the same version, and changes nothing in it", async () => {
    const target = await newDatabase(false);
    const result = load(target);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("Run npm run db:migrate with the same version of TariffScope first");
    expect(await fingerprintDatabase(target)).toEqual({});
  });
});
