import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { askPreload, startOneProcessProduct } from "@tests/fixtures/app-server";
import { setupTestDatabase } from "@tests/fixtures/db";
import { webServerProcesses } from "@tests/fixtures/processes";

import type { RunningProduct } from "../../scripts/lib/product-server";

/**
 * A web process near its heap limit sheds load instead of dying (ADR 186): the product started as
 * `npm start` starts it, with the smallest heap `WEB_HEAP_MB` allows, its heap then filled by
 * tests/fixtures/heap-ballast.mjs as held work would fill it. Runs on the embedded database and on
 * PostgreSQL alike; needs a production build (built here when missing or stale).
 */
const database = setupTestDatabase();
const ballast = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-ballast-")), "share");
let product: RunningProduct;
let port: number;
let cookie: string;

/** Fills the web process's heap to `share` of its limit (0 lets it go), once it has done so. */
const fillHeap = (share: number) =>
  askPreload<{ used: number; limit: number }>(product, ballast, String(share));

const get = (url: string) => fetch(`${product.base}${url}`, { headers: { cookie }, redirect: "manual" });
const rows = "/api/lists/partviiia/rows?edition=ew";
/** The server's last lines, to show beside a failed expectation. */
const serverLog = () => `server log:\n${product.output().slice(-4000)}`;

beforeAll(async () => {
  ({ product, cookie } = await startOneProcessProduct(database.url, "tests/fixtures/heap-ballast.mjs", {
    WEB_HEAP_MB: "128",
    HEAP_BALLAST_FILE: ballast,
  }));
  port = Number(new URL(product.base).port);
}, 20 * 60_000);

afterAll(async () => {
  await product?.stop();
  fs.rmSync(path.dirname(ballast), { recursive: true, force: true });
}, 60_000);

describe("a web process near its heap limit", () => {
  it(
    "answers its expensive requests 503 with Retry-After instead of dying, says so, and serves again once the heap falls",
    async () => {
      expect((await get(rows)).status, serverLog()).toBe(200);
      const [serving] = webServerProcesses(port);
      expect(serving).toBeDefined();

      const filled = await fillHeap(0.8);
      expect(filled.used / filled.limit).toBeGreaterThan(0.78);
      for (const url of [rows, "/api/search?q=amlodipine", "/drug-tariff-parts/partviiia"]) {
        const answer = await get(url);
        expect(answer.status, `${url}\n${serverLog()}`).toBe(503);
        expect(answer.headers.get("retry-after"), url).toBe("5");
      }
      expect((await get("/api/health")).status).toBe(200);
      // Where the heap is, by V8's spaces: the ballast's arrays among them.
      expect(product.output()).toMatch(
        /Heap near its limit: \d+ of \d+ MB in use after a full collection \((?:[a-z ]+ \d+ MB, )*[a-z ]+ \d+ MB\)/,
      );

      await fillHeap(0);
      expect((await get(rows)).status, serverLog()).toBe(200);
      expect(product.output()).toMatch(/serving again \(3 requests answered 503\)/);
      // The same process throughout: none died and none was started in its place.
      expect(webServerProcesses(port).map((process) => process.pid)).toEqual([serving!.pid]);
      expect(product.output()).not.toMatch(/heap out of memory|stopped \(exit code/);
      // Two fills of up to 30 s each and the requests between them: more than Vitest's default minute
      // on a loaded machine, where a process near its heap limit collects again and again.
    },
    3 * 60_000,
  );
});
