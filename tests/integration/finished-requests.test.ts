import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { askPreload, startOneProcessProduct } from "@tests/fixtures/app-server";
import { setupTestDatabase } from "@tests/fixtures/db";

import type { RunningProduct } from "../../scripts/lib/product-server";

/**
 * A web process lets go of each request once it is answered (ADR 229): the product started as
 * `npm start` starts it, one web process, its responses counted by tests/fixtures/request-census.mjs.
 * Runs on the embedded database and on PostgreSQL alike; needs a production build (built here when
 * missing or stale).
 */
const database = setupTestDatabase();
const census = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-census-")), "count");
let product: RunningProduct;
let cookie: string;

/** How many responses the web process still holds after full collections. */
const responsesAlive = async () => (await askPreload<{ alive: number }>(product, census, "")).alive;

beforeAll(async () => {
  ({ product, cookie } = await startOneProcessProduct(database.url, "tests/fixtures/request-census.mjs", {
    REQUEST_CENSUS_FILE: census,
  }));
}, 20 * 60_000);

afterAll(async () => {
  await product?.stop();
  fs.rmSync(path.dirname(census), { recursive: true, force: true });
}, 60_000);

describe("a web process that has answered many requests", () => {
  it("holds none of them once they are answered, though each waited its turn behind another", async () => {
    const get = (url: string) =>
      fetch(`${product.base}${url}`, { headers: { cookie } }).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      });
    const before = await responsesAlive();
    // 300 requests from 24 clients at once, three times what a process works on at once: while they
    // last, each request starts when another closes.
    let left = 300;
    const statuses = new Set<number>();
    await Promise.all(
      Array.from({ length: 24 }, async (_, client) => {
        for (; left > 0; left -= 1)
          statuses.add(
            await get(client % 2 ? "/drug-tariff-parts/partviiia" : "/api/lists/partviiia/rows?edition=ew"),
          );
      }),
    );
    expect(statuses).toEqual(new Set([200]));
    // A kept-alive connection holds its last request until its next: about one for each client.
    const after = await responsesAlive();
    expect(after - before, product.output().slice(-2000)).toBeLessThan(60);
  });
});
