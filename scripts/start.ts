import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import nextEnv from "@next/env";
import { PinoPretty } from "pino-pretty";

import { openDatabase, type OpenDatabase } from "../src/db/connect";
import { migrateDatabase } from "../src/db/migrate";
import { DEMO_ACCOUNTS, DEMO_OWNER_ID, DEMO_PASSWORD, seedDatabase } from "../src/db/seed";
import { startEmbeddedDatabase } from "../src/db/embedded";
import { loadDemoDataIfEmpty } from "../src/features/imports/demo/load";
import { loadSampleDataIfEmpty } from "./lib/sample/load";
import { createDatabase, createPool } from "../src/db/client";
import {
  deploymentProblems,
  EnvError,
  isOperatorDatabase,
  parseEnv,
  firstStartData,
  shouldSeedDemoData,
  type Env,
} from "../src/lib/env";
import { buildApp } from "./build";
import { isBuildStale } from "./lib/build-stamp";
import { ensureEmbeddedSecret } from "./lib/embedded-secret";
import { assertPortFree } from "./lib/port";

/**
 * `npm start`: one command that serves the whole product.
 * Database (embedded PGlite in DATA_DIR, or DATABASE_URL) → migrations → demo seed →
 * production build when missing or stale → `next start`. Ctrl-C stops all of it and keeps the data.
 */

const dev = process.argv.includes("--dev");
const log = (message: string) => console.log(`[tariffscope] ${message}`);
/** Each semi-space of a capped web process's young generation, in MB (V8's own: 16; ADR 152). */
const cappedSemiSpaceMb = 8;

async function openAppDatabase(env: Env): Promise<OpenDatabase> {
  if (env.DATABASE_URL) {
    return openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      connectAttempts: Number(process.env.DATABASE_CONNECT_ATTEMPTS ?? 5),
      onRetry: log,
    });
  }
  // The app's own embedded server: never share a folder another instance holds.
  const embedded = await startEmbeddedDatabase({ dataDir: env.DATA_DIR });
  const pool = createPool(embedded.url, { max: 2 });
  return {
    url: embedded.url,
    pool,
    db: createDatabase(pool),
    kind: "embedded-owned",
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
  };
}

async function waitUntilHealthy(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) return;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<number> {
  // The same .env files the web server reads (.env, .env.local, .env.production…).
  nextEnv.loadEnvConfig(process.cwd(), dev);
  // EMBEDDED_DATABASE is ours to set for the web server, never the operator's to claim.
  const env = parseEnv({ ...process.env, EMBEDDED_DATABASE: undefined });
  const problems = deploymentProblems(env);
  if (problems.length > 0) throw new EnvError(problems);
  await assertPortFree(env.PORT);

  log(env.DATABASE_URL ? "Connecting to PostgreSQL…" : `Opening the embedded database in ${env.DATA_DIR}/ …`);
  const database = await openAppDatabase(env);
  // Filled in once the web server runs; Ctrl-C during the build must still close the database.
  const running: { server?: ChildProcess } = {};
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const server = running.server;
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    await database.close();
    log("Stopped. Your data is kept for the next start.");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  const demo = shouldSeedDemoData(env);
  try {
    await migrateDatabase(database.db);
    const seeded = await seedDatabase(database.db, { demo });
    if (seeded.inserted > 0) log(`Seeded demo data (${seeded.inserted} rows).`);
    const firstData = firstStartData(env);
    if (firstData === "real") await loadDemoDataIfEmpty(database.db, { workFolder: env.DATA_DIR, log });
    await loadSampleDataIfEmpty(database.db, {
      folder: path.join(env.DATA_DIR, "sample"),
      enabled: firstData === "generated",
      log,
    });

    if (!dev && isBuildStale(process.cwd())) {
      log("Building the app (first start or changed sources; this takes about a minute)…");
      await buildApp();
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    EMBEDDED_DATABASE: env.DATABASE_URL ? "0" : "1",
    APP_URL: env.APP_URL,
    BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? ensureEmbeddedSecret(env.DATA_DIR),
    // The demo owner is the owner only on the embedded default: a real database names its owners.
    OWNER_USER_IDS: env.OWNER_USER_IDS ?? (demo && !isOperatorDatabase(env) ? DEMO_OWNER_ID : ""),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (!dev) Object.assign(childEnv, { NODE_ENV: "production" });
  // WEB_HEAP_MB caps each web process's heap (its workers inherit the flags): V8 otherwise lets a
  // busy process's heap grow far past what it holds, several hundred MB of garbage (ADR 147). A
  // capped heap gets a young generation of 8 MB semi-spaces instead of 16: the 16 MB saved serve the
  // old generation better, fewer resident MB and more requests a second (ADR 152).
  const heap = env.WEB_HEAP_MB
    ? [`--max-old-space-size=${env.WEB_HEAP_MB}`, `--max-semi-space-size=${cappedSemiSpaceMb}`]
    : [];
  const server = spawn(process.execPath, [...heap, "scripts/serve.mjs", ...(dev ? ["--dev"] : [])], {
    // In development the JSON log lines are made readable (ARCHITECTURE: pino, pretty in dev); what
    // is not a log line (Next.js's own output) passes through as it is.
    // The IPC channel tells the server when this process is gone, however it went (scripts/serve.mjs).
    stdio: dev ? ["inherit", "pipe", "inherit", "ipc"] : ["inherit", "inherit", "inherit", "ipc"],
    env: childEnv,
  });
  if (dev) server.stdout?.pipe(PinoPretty({ translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,app" }));
  running.server = server;
  server.on("exit", (code, signal) => {
    if (stopping) return;
    // Ctrl-C reaches the whole process group: the web server may see it before we do.
    if (signal === "SIGINT" || signal === "SIGTERM" || code === 130 || code === 143) return void stop(0);
    log(`The web server stopped unexpectedly (exit code ${code}).`);
    void stop(code || 1);
  });

  await waitUntilHealthy(`http://localhost:${env.PORT}`, server);
  if (server.exitCode === null) {
    log("");
    log(`TariffScope is running at ${env.APP_URL}`);
    log(
      env.DATABASE_URL
        ? "Database: PostgreSQL (DATABASE_URL)"
        : `Database: embedded, data kept in ${env.DATA_DIR}/`,
    );
    if (demo) {
      log(`Demo accounts (password: ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) log(`  ${account.email.padEnd(34)} ${account.description}`);
    }
    log("Press Ctrl-C to stop.");
  }
  return new Promise(() => {});
}

/** Problems an operator can fix: shown as one clear message, without a stack trace. */
const explained = new Set(["EnvError", "PortInUseError", "DataDirInUseError", "DatabaseUnreachableError"]);

main().catch((error: Error) => {
  console.error(explained.has(error.name) ? `\n${error.message}\n` : error);
  process.exit(error instanceof EnvError ? 2 : 1);
});
