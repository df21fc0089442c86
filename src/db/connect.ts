import pg from "pg";

import { createDatabase, createPool, type Database } from "./client";
import { findRunningEmbeddedDatabase, startEmbeddedDatabase } from "./embedded";

export type OpenDatabase = {
  url: string;
  db: Database;
  pool: pg.Pool;
  /** Where the connection goes: a PostgreSQL server, an embedded one another process serves, or one we started. */
  kind: "server" | "embedded-shared" | "embedded-owned";
  close: () => Promise<void>;
};

export class DatabaseUnreachableError extends Error {
  constructor(
    readonly host: string,
    attempts: number,
    cause: unknown,
  ) {
    super(
      `Cannot reach the PostgreSQL server at ${host} after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${describe(cause)}. ` +
        "Check that it is running and that DATABASE_URL is right, or unset DATABASE_URL to use the embedded database.",
      { cause },
    );
    this.name = "DatabaseUnreachableError";
  }
}

function describe(error: unknown): string {
  const err = error as NodeJS.ErrnoException & { errors?: Error[] };
  const inner = err.errors?.[0] as NodeJS.ErrnoException | undefined;
  return [err.code ?? inner?.code, err.message || inner?.message].filter(Boolean).join(" ") || String(error);
}

/** host:port of a PostgreSQL URL, for messages (never the password). */
export function describeHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}`;
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}

/** Waits until the server answers, retrying with a growing pause, so a database that is still starting is not an error. */
export async function waitForDatabase(
  url: string,
  options: { attempts?: number; delayMs?: number; onRetry?: (message: string) => void } = {},
): Promise<void> {
  const attempts = options.attempts ?? 5;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      lastError = error;
      if (attempt < attempts) {
        options.onRetry?.(
          `Cannot reach the PostgreSQL server at ${describeHost(url)} (attempt ${attempt} of ${attempts}): ${describe(error)}. Retrying…`,
        );
        await new Promise((resolve) => setTimeout(resolve, (options.delayMs ?? 1_000) * attempt));
      }
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new DatabaseUnreachableError(describeHost(url), attempts, lastError);
}

/**
 * Opens the database a script should use: DATABASE_URL when set; otherwise the embedded
 * database, through the running app's server when there is one, or started here.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  connectAttempts?: number;
  onRetry?: (message: string) => void;
  poolSize?: number;
}): Promise<OpenDatabase> {
  const connect = (url: string, kind: OpenDatabase["kind"], stop?: () => Promise<void>): OpenDatabase => {
    const pool = createPool(url, { max: options.poolSize ?? 4 });
    return {
      url,
      db: createDatabase(pool),
      pool,
      kind,
      close: async () => {
        await pool.end();
        await stop?.();
      },
    };
  };

  if (options.databaseUrl) {
    await waitForDatabase(options.databaseUrl, {
      attempts: options.connectAttempts,
      onRetry: options.onRetry,
    });
    return connect(options.databaseUrl, "server");
  }
  const running = findRunningEmbeddedDatabase(options.dataDir);
  if (running) return connect(running, "embedded-shared");
  const embedded = await startEmbeddedDatabase({ dataDir: options.dataDir });
  return connect(embedded.url, "embedded-owned", embedded.stop);
}
