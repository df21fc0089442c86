import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import pg from "pg";

/** What the benchmarks share: a database on the server, and the product served from it. */

/** `url` with its database name replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type RunningProduct = { base: string; stop: () => Promise<void> };

/**
 * Starts the product as `npm start` does (migrations, seeding and a build when stale) on the
 * database at `databaseUrl`, as a staging server would run, and waits until it answers its health
 * check (up to 15 minutes: a first build or a large sample takes a while). `env` adds to or
 * overrides the settings.
 */
export async function startProduct(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<RunningProduct> {
  const base = `http://localhost:${options.port}`;
  const dataDir = fs.mkdtempSync(path.join(process.cwd(), ".data-bench-"));
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  const child = spawn(process.execPath, [tsx, "scripts/start.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      APP_URL: base,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      TEST_CHECKOUT: "1",
      LOG_LEVEL: "warn",
      ...options.env,
    },
  });
  const stop = async () => {
    // A server that already stopped (bad settings, say) sends no further exit event.
    if (child.exitCode === null) {
      child.kill("SIGINT");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited (code ${child.exitCode}).`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error("The server did not become healthy within 15 minutes.");
}
