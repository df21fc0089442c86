import { afterEach, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { freePort, webServerProcesses } from "@tests/fixtures/processes";

import { startProduct, type RunningProduct } from "../../scripts/lib/product-server";

/**
 * The web server never outlives the process that started it (`npm start`, scripts/start.ts): a
 * starter killed outright, which can pass no signal on, would otherwise leave the server holding
 * the port and the database with nobody to stop it. Runs on the embedded database and on
 * PostgreSQL alike; needs a production build (built when missing or stale).
 */
const database = setupTestDatabase();
let product: RunningProduct | undefined;
let port = 0;

afterEach(async () => {
  for (const { pid } of webServerProcesses(port)) process.kill(pid, "SIGKILL");
  await product?.stop();
  product = undefined;
});

/** The web server processes still serving `port` after up to `ms`. */
async function leftAfter(ms: number) {
  let left = webServerProcesses(port);
  for (let waited = 0; left.length > 0 && waited < ms; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = webServerProcesses(port);
  }
  return left.map(({ pid }) => pid);
}

describe("npm start's process killed outright", () => {
  it.each([
    ["one web process", 1],
    ["a primary and two workers", 2],
  ])(
    "takes its web server down with it, freeing the port: %s",
    async (_, workers) => {
      port = await freePort();
      product = await startProduct({
        port,
        databaseUrl: database.url,
        output: "collect",
        env: { SAMPLE_DATA: "0", WEB_CONCURRENCY: String(workers) },
      });
      expect(webServerProcesses(port)).toHaveLength(workers === 1 ? 1 : workers + 1);

      process.kill(product.starterPid, "SIGKILL");

      expect(await leftAfter(20_000)).toEqual([]);
      await expect(fetch(`${product.base}/api/health`)).rejects.toThrow();
    },
    300_000,
  );
});
