import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { hashPassword } from "better-auth/crypto";
import pg from "pg";

import { findRunningEmbeddedDatabase } from "../../src/db/embedded";
import type { Edition } from "../../src/lib/tariff-vocabulary";

/**
 * Direct access to the browser tests' own embedded database (through the running server's port, as
 * the import CLI does), to set up organisations the way a fixture should: fast, and one per test.
 */
let pool: pg.Pool | undefined;

function database(): pg.Pool {
  if (!pool) {
    const url = findRunningEmbeddedDatabase(path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e"));
    if (!url) throw new Error("The browser tests' server is not running on its embedded database.");
    pool = new pg.Pool({ connectionString: url, max: 2 });
  }
  return pool;
}

export type Person = { id: string; email: string; password: string };

const password = "a long and unusual passphrase";

export async function createPerson(
  email: string,
  profile: {
    licenceId?: string;
    admin?: boolean;
    delegate?: boolean;
    subscribed?: boolean;
    firstName?: string;
  } = {},
): Promise<Person> {
  const id = randomUUID();
  const db = database();
  await db.query("insert into auth_user (id, name, email, email_verified) values ($1, $2, $3, true)", [
    id,
    "E2E Person",
    email,
  ]);
  await db.query(
    "insert into auth_account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)",
    [`${id}-credential`, id, await hashPassword(password)],
  );
  await db.query(
    `insert into profiles (id, email, first_name, last_name, job_role, admin, delegate, is_subscribed, license_id)
     values ($1, $2, $3, 'Tester', 'Pharmacist', $4, $5, $6, $7)`,
    [
      id,
      email,
      profile.firstName ?? "Erin",
      profile.admin ?? false,
      profile.delegate ?? false,
      profile.subscribed ?? false,
      profile.licenceId ?? null,
    ],
  );
  return { id, email, password };
}

/** A licence with its admin and `delegates` delegates, all able to sign in. */
export async function createOrganisation(options: {
  seats: number;
  delegates?: number;
  organisation?: string;
  label: string;
}) {
  const licenceId = randomUUID();
  await database().query(
    "insert into licenses (license_id, organisation, number_of_licenses) values ($1, $2, $3)",
    [licenceId, options.organisation ?? `${options.label} Pharmacy Ltd`, options.seats],
  );
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await createPerson(`${options.label}-admin-${stamp}@example.test`, {
    licenceId,
    admin: true,
    subscribed: true,
    firstName: "Ada",
  });
  const delegates: Person[] = [];
  for (let i = 0; i < (options.delegates ?? 0); i++) {
    delegates.push(
      await createPerson(`${options.label}-member${i}-${stamp}@example.test`, {
        licenceId,
        delegate: true,
        subscribed: true,
        firstName: `Member${i}`,
      }),
    );
  }
  return { licenceId, admin, delegates };
}

/** A data API key of the licence, stored as Manage Users stores one (ADR 200); the whole key is returned. */
export async function createApiKey(licenceId: string, name: string): Promise<string> {
  const publicId = randomBytes(6).toString("hex");
  const key = `ts_live_${publicId}_${randomBytes(32).toString("base64url")}`;
  await database().query(
    "insert into api_keys (license_id, name, public_id, secret_hash) values ($1, $2, $3, $4)",
    [licenceId, name, publicId, createHash("sha256").update(key).digest("hex")],
  );
  return key;
}

/** What the billing portal does when an admin lowers the seats (the provider's sync writes the same column). */
export async function setSeats(licenceId: string, seats: number) {
  await database().query("update licenses set number_of_licenses = $2 where license_id = $1", [
    licenceId,
    seats,
  ]);
}

/**
 * What the provider's sync does when a licence's subscription changes state: the licence takes the
 * status, and its users' access follows it (ADR 035).
 */
export async function setLicenceStatus(licenceId: string, status: string, subscribed: boolean) {
  await database().query("update licenses set status = $2 where license_id = $1", [licenceId, status]);
  await database().query("update profiles set is_subscribed = $2 where license_id = $1", [
    licenceId,
    subscribed,
  ]);
}

/** Reads the test server's data directly, to check what a page shows against what was imported. */
export async function queryRows<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  return (await database().query<T>(text, values)).rows;
}

/** The edition a user sees (profiles.country: 1 England & Wales, 2 Northern Ireland). */
export async function setEdition(userId: string, edition: Edition) {
  await database().query("update profiles set country = $2 where id = $1", [userId, edition]);
}

/** How many months of a part are loaded, in any edition: the x-axis of a product's price history. */
export async function countImportedMonths(part: string): Promise<number> {
  const result = await database().query<{ months: number }>(
    "select count(distinct period)::int as months from tariff_datasets where part = $1",
    [part],
  );
  return result.rows[0]!.months;
}

/**
 * Writes a tariff file (`name`, `content`) and imports it into the browser tests' database through
 * `npm run import`'s command, as an operator would with the server running; `args` adds options.
 * Returns what the command printed (one JSON line per file).
 */
export function importTariffFile(name: string, content: Buffer, args: string[] = []): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-import-"));
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  try {
    const run = spawnSync(process.execPath, [tsx, "scripts/import.ts", "--json", ...args, file], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e"),
      },
      encoding: "utf8",
    });
    return run.stdout + run.stderr;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
