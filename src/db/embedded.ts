import fs from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

import { serveEmbeddedSocket } from "./embedded-socket";

/**
 * The embedded default: PGlite served over the PostgreSQL wire protocol, so the app
 * talks to it with the same `pg` driver it uses for a real server (ADR 002).
 *
 * One process owns a data folder at a time. The owner writes a lock file holding its
 * pid and port; other processes (the import CLI, db scripts) connect through that port
 * instead of opening the folder themselves, which would corrupt it.
 */

export type EmbeddedDatabase = {
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
};

type LockInfo = { pid: number; port?: number; startedAt: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another TariffScope process (pid ${pid}). ` +
        "Stop that process first, or set DATA_DIR to a different folder.",
    );
    this.name = "DataDirInUseError";
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, "tariffscope.lock");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(dataDir: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath(dataDir), "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}

function acquireLock(dataDir: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath(dataDir), "wx");
      fs.writeSync(
        fd,
        JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() } satisfies LockInfo),
      );
      fs.closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(dataDir);
      if (holder && isAlive(holder.pid)) throw new DataDirInUseError(dataDir, holder.pid);
      // A lock file still being written by a process that is starting right now.
      if (!holder && Date.now() - fs.statSync(lockPath(dataDir)).mtimeMs < 5_000)
        throw new DataDirInUseError(dataDir, 0);
      // The previous owner died without cleaning up: the folder is free.
      fs.rmSync(lockPath(dataDir), { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

function releaseLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) fs.rmSync(lockPath(dataDir), { force: true });
}

export function embeddedUrl(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** The address of an embedded database another live process is serving from this folder, if any. */
export function findRunningEmbeddedDatabase(dataDir: string): string | undefined {
  const holder = readLock(dataDir);
  if (holder?.port && holder.pid !== process.pid && isAlive(holder.pid)) return embeddedUrl(holder.port);
  return undefined;
}

export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port?: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  acquireLock(dataDir);
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: { pg_trgm } });
    const server = await serveEmbeddedSocket({ db, host: "127.0.0.1", port: options.port ?? 0 });
    const port = server.port;
    fs.writeFileSync(
      lockPath(dataDir),
      JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() } satisfies LockInfo),
    );
    const opened = db;
    let stopped = false;
    return {
      url: embeddedUrl(port),
      port,
      dataDir,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await opened.close();
        releaseLock(dataDir);
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    releaseLock(dataDir);
    throw error;
  }
}
