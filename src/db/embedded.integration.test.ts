import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

import { DataDirInUseError, findRunningEmbeddedDatabase, startEmbeddedDatabase } from "./embedded";

const folders: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-embedded-"));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("the embedded database", () => {
  it("keeps its data across a stop and a second start", async () => {
    const dataDir = tempDataDir();
    const first = await startEmbeddedDatabase({ dataDir });
    await query(first.url, "create table kept (note text); insert into kept values ('still here')");
    await first.stop();

    const second = await startEmbeddedDatabase({ dataDir });
    try {
      expect(await query(second.url, "select note from kept")).toEqual([{ note: "still here" }]);
    } finally {
      await second.stop();
    }
  });

  it("refuses to open a data folder another live instance holds, and leaves that instance working", async () => {
    const dataDir = tempDataDir();
    const owner = await startEmbeddedDatabase({ dataDir });
    try {
      await expect(startEmbeddedDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(
        /in use by another TariffScope process/,
      );
      expect(await query(owner.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
    } finally {
      await owner.stop();
    }
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(
      path.join(dataDir, "tariffscope.lock"),
      JSON.stringify({ pid: 2 ** 22 + 12345, port: 1 }),
    );
    fs.utimesSync(path.join(dataDir, "tariffscope.lock"), new Date(0), new Date(0));
    const db = await startEmbeddedDatabase({ dataDir });
    await db.stop();
    expect(fs.existsSync(path.join(dataDir, "tariffscope.lock"))).toBe(false);
  });

  it("tells other processes where the running instance serves", async () => {
    const dataDir = tempDataDir();
    expect(findRunningEmbeddedDatabase(dataDir)).toBeUndefined();
    const owner = await startEmbeddedDatabase({ dataDir });
    try {
      // The owner itself must not be told to connect to itself as a second instance.
      expect(findRunningEmbeddedDatabase(dataDir)).toBeUndefined();
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "tariffscope.lock"), "utf8"));
      expect(lock).toMatchObject({ pid: process.pid, port: owner.port });
    } finally {
      await owner.stop();
    }
  });
});
