import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { createPool } from "@/db/client";

import { serveNotingOutages } from "./database-outage.mjs";

/** A pool whose database answers nothing: port 1 on this machine refuses every connection. */
const unreachable = () => createPool("postgres://postgres@127.0.0.1:1/none", { max: 1 });

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves `page` as scripts/serve.mjs serves the app, and answers one request's status and Retry-After. */
async function serve(page: (response: import("node:http").ServerResponse) => Promise<void>) {
  server = createServer((_request, response) => serveNotingOutages(response, () => page(response)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/`);
  return { status: answer.status, retryAfter: answer.headers.get("retry-after"), body: await answer.text() };
}

describe("a page whose database cannot be reached (ADR 143)", () => {
  it("answers 503 with Retry-After, its error page unchanged, when it fails after the pool found no database", async () => {
    const answer = await serve(async (response) => {
      const pool = unreachable();
      await pool.query("select 1").catch(() => {});
      await pool.end();
      response.statusCode = 500;
      response.end("the generic error page");
    });
    expect(answer).toEqual({ status: 503, retryAfter: "30", body: "the generic error page" });
  });

  it("keeps a 500 that no database outage caused", async () => {
    const answer = await serve(async (response) => {
      response.writeHead(500, "Internal Server Error", { "content-type": "text/plain" });
      response.end("a bug");
    });
    expect(answer).toMatchObject({ status: 500, retryAfter: null });
  });

  it("keeps the status of a page that recovered from the outage", async () => {
    const answer = await serve(async (response) => {
      const pool = unreachable();
      await pool.connect().catch(() => {});
      await pool.end();
      response.end("drawn without the data");
    });
    expect(answer).toMatchObject({ status: 200, retryAfter: null });
  });
});
