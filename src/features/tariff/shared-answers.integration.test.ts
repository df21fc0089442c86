import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

import { claimSharedAnswers, releaseSharedClaims, sharedAnswer } from "./shared-answers";

/** A whole month's rows are built once for every web process, in the database (ADR 223). */
const database = setupTestDatabase();

const bytesOf = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A build that counts its runs and takes a while, as a real month's does. */
function counted(text: string, ms = 50) {
  const build = async () => {
    build.runs++;
    await sleep(ms);
    return bytesOf(text);
  };
  build.runs = 0;
  return build;
}

const rowsKept = async () =>
  (
    await database.pool.query<{ version: string; has_bytes: boolean }>(
      "select version, bytes is not null as has_bytes from shared_answers order by version",
    )
  ).rows;

describe("an answer built once for every process", () => {
  it("is built by the first process to ask; the others, asking at the same time, wait and get the same bytes", async () => {
    // Each "process" brings its own build, as each web process would.
    const builds = [counted("rows from A", 200), counted("rows from B"), counted("rows from C")];
    const answers = await Promise.all(builds.map((build) => sharedAnswer("v1", "rows|partix", build)));
    expect(builds.reduce((runs, build) => runs + build.runs, 0)).toBe(1);
    expect(new Set(answers.map(textOf)).size).toBe(1);

    // A process started later reads it, and builds nothing.
    const later = counted("rows from D");
    expect(textOf(await sharedAnswer("v1", "rows|partix", later))).toBe(textOf(answers[0]!));
    expect(later.runs).toBe(0);
  });

  it("is built afresh for a new data version, and the old version's answers are deleted", async () => {
    await sharedAnswer("v2", "rows|partviiia", counted("old prices"));
    const build = counted("new prices");
    expect(textOf(await sharedAnswer("v3", "rows|partviiia", build))).toBe("new prices");
    expect(build.runs).toBe(1);
    expect(await rowsKept()).toEqual([{ version: "v3", has_bytes: true }]);
  });

  it("gives its claim back when its build fails, so the next process to ask builds it", async () => {
    const failing = async (): Promise<Uint8Array<ArrayBuffer>> => {
      throw new Error("the database went away");
    };
    await expect(sharedAnswer("v4", "rows|partix", failing)).rejects.toThrow("the database went away");
    const next = counted("rows");
    expect(textOf(await sharedAnswer("v4", "rows|partix", next))).toBe("rows");
    expect(next.runs).toBe(1);
  });

  it("waits for a process that is building it, and reads what that process keeps", async () => {
    await database.pool.query("insert into shared_answers (version, key_hash) values ('v5', $1)", [
      keyHashOf("rows|partix"),
    ]);
    const waiting = counted("built here");
    const answer = sharedAnswer("v5", "rows|partix", waiting);
    await sleep(300);
    await database.pool.query("update shared_answers set bytes = $1 where version = 'v5'", [
      Buffer.from("built elsewhere"),
    ]);
    expect(textOf(await answer)).toBe("built elsewhere");
    expect(waiting.runs).toBe(0);
  });

  it("builds it here when a claim stays unbuilt past the longest wait, and keeps it for the others", async () => {
    await database.pool.query("insert into shared_answers (version, key_hash) values ('v9', $1)", [
      keyHashOf("rows|partix"),
    ]);
    const build = counted("built here after waiting");
    const started = performance.now();
    expect(textOf(await sharedAnswer("v9", "rows|partix", build, 400))).toBe("built here after waiting");
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(build.runs).toBe(1);
    const later = counted("rows from a later asker");
    expect(textOf(await sharedAnswer("v9", "rows|partix", later))).toBe("built here after waiting");
    expect(later.runs).toBe(0);
  });

  it("takes over a build whose process died (a claim minutes old)", async () => {
    await database.pool.query(
      "insert into shared_answers (version, key_hash, claimed_at) values ('v6', $1, now() - interval '10 minutes')",
      [keyHashOf("rows|partix")],
    );
    const build = counted("built after the other died");
    expect(textOf(await sharedAnswer("v6", "rows|partix", build))).toBe("built after the other died");
    expect(build.runs).toBe(1);
  });
});

describe("answers claimed ahead by the process that changed the data", () => {
  it("are claimed all at once, so other processes wait; each is built here when asked, and what was not built is given back", async () => {
    expect(await claimSharedAnswers("v7", ["rows|partix", "rows|partviiia", "rows|partix"])).toBe(2);
    // Claimed, not built: any other process asking now waits for this one.
    expect(await rowsKept()).toEqual([
      { version: "v7", has_bytes: false },
      { version: "v7", has_bytes: false },
    ]);
    const build = counted("Part IX built by the importer");
    expect(textOf(await sharedAnswer("v7", "rows|partix", build))).toBe("Part IX built by the importer");
    expect(build.runs).toBe(1);

    await releaseSharedClaims("v7");
    // Part VIIIA was claimed but not built: its claim is gone, so the next asker builds it at once.
    expect(await rowsKept()).toEqual([{ version: "v7", has_bytes: true }]);
    const next = counted("Part VIIIA built by a web process");
    expect(textOf(await sharedAnswer("v7", "rows|partviiia", next))).toBe(
      "Part VIIIA built by a web process",
    );
    expect(next.runs).toBe(1);
  });

  it("leave a key another process claimed first to that process", async () => {
    await database.pool.query("insert into shared_answers (version, key_hash) values ('v8', $1)", [
      keyHashOf("rows|partix"),
    ]);
    expect(await claimSharedAnswers("v8", ["rows|partix", "rows|partviiia"])).toBe(1);
    await releaseSharedClaims("v8");
    // The other process's claim stands; only this process's unbuilt one was given back.
    expect(await rowsKept()).toEqual([{ version: "v8", has_bytes: false }]);
  });
});

/** The key as the shared answers store it. */
const keyHashOf = (key: string) => createHash("sha256").update(key).digest("base64url");
