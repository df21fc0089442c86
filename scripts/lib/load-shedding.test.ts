import v8 from "node:v8";
import vm from "node:vm";

import { afterEach, describe, expect, it } from "vitest";

import { heapGuard, isExpensive, pressureShare } from "./load-shedding.mjs";

/** A full collection now, as V8 makes one when the heap fills. */
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as () => void;
/** The guard reads what a collection left on its next turn. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

const limit = 200 * 1024 * 1024;
let inUse = 0;
const heap = () => ({ ...v8.getHeapStatistics(), used_heap_size: inUse, heap_size_limit: limit });
let guard: ReturnType<typeof heapGuard> | undefined;
afterEach(() => guard?.stop());

describe("which requests a process short of heap sheds (ADR 186)", () => {
  it.each([
    ["/drug-tariff-parts/partix-appliances?month=2026-06", true],
    ["/api/lists/partix/rows?edition=ew&month=2026-06", true],
    ["/api/search?q=amlodipine", true],
    ["/drug-info/1034611000001106", true],
    ["/", true],
    ["/_next/static/chunks/main.js", false],
    ["/api/health", false],
    ["/api/auth/sign-in/email", false],
    ["/api/webhooks/stripe", false],
    ["/robots.txt", false],
    ["/favicon.ico", false],
    ["/icon.svg?7b2c0e1f", false],
    ["/apple-icon.png?4d1f", false],
    ["/icon-512.png", false],
    ["/manifest.webmanifest", false],
  ])(
    "%s: shed %s (pages, rows, searches and uploads are; static files, health, sign-in and the webhook never)",
    (url, shed) => {
      expect(isExpensive(url)).toBe(shed);
    },
  );
});

describe("a process's heap guard", () => {
  it("sheds while the heap stays near its limit after a full collection, and says so once each way", async () => {
    const said: string[] = [];
    guard = heapGuard({ heap, log: (message) => said.push(message) });
    inUse = 0.9 * limit;
    expect(guard.sheds("/api/search?q=a")).toBe(false); // no full collection has found it so yet
    collect();
    await turn();
    expect(guard.sheds("/api/search?q=a")).toBe(true);
    expect(guard.sheds("/drug-info/1")).toBe(true);
    expect(guard.sheds("/api/health")).toBe(false);
    expect(said).toEqual([
      expect.stringMatching(
        /^Heap near its limit: 180 of 200 MB in use after a full collection \([^)]*\bold \d+ MB[^)]*\)\. .* 503 \(Retry-After: 5\)/,
      ),
    ]);

    inUse = (pressureShare - 0.1) * limit;
    expect(guard.sheds("/api/search?q=a")).toBe(false);
    expect(said[1]).toBe("Heap down to 130 of 200 MB: serving again (2 requests answered 503).");
  });

  it("does not shed when a full collection leaves the heap well under its limit", async () => {
    guard = heapGuard({ heap, log: () => {} });
    inUse = 0.5 * limit;
    collect();
    await turn();
    inUse = 0.95 * limit; // garbage since, not yet collected
    expect(guard.sheds("/api/search?q=a")).toBe(false);
  });

  it("serves again when no full collection has confirmed the pressure for a second: answering only 503s, a process collects too little to find out", async () => {
    let clock = 0;
    const said: string[] = [];
    guard = heapGuard({ heap, now: () => clock, log: (message) => said.push(message) });
    inUse = 0.9 * limit;
    collect();
    await turn();
    expect(guard.sheds("/api/search?q=a")).toBe(true);
    clock += 900;
    expect(guard.sheds("/api/search?q=a")).toBe(true);
    clock += 200; // 1.1 s since the collection that found the heap full; the garbage is still there
    expect(guard.sheds("/api/search?q=a")).toBe(false);
    expect(said[1]).toBe(
      "No full collection has found the heap near its limit for 1 s: serving again (2 requests answered 503).",
    );

    // A heap that is really full is collected again soon, and the shedding starts again.
    collect();
    await turn();
    expect(guard.sheds("/api/search?q=a")).toBe(true);
  });
});
