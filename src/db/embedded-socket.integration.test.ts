import net from "node:net";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { embeddedUrl } from "./embedded";
import { serveEmbeddedSocket, type EmbeddedSocket } from "./embedded-socket";

/**
 * Many connections share PGlite's one session (ADR 002): each must get its own answers, whatever the
 * others are doing, including transactions.
 */
let lite: PGlite;
let server: EmbeddedSocket;
let pool: pg.Pool;

beforeAll(async () => {
  lite = await PGlite.create();
  server = await serveEmbeddedSocket({ db: lite, host: "127.0.0.1" });
  pool = new pg.Pool({ connectionString: embeddedUrl(server.port), max: 6 });
  await pool.query("create table counters (id int primary key, value int not null)");
  await pool.query("insert into counters select g, 0 from generate_series(1, 20) g");
});

afterAll(async () => {
  await pool.end();
  await server.stop();
  await lite.close();
});

describe("the embedded database's socket", () => {
  it("answers each of 1,000 concurrent queries with its own rows while transactions run beside them", async () => {
    let wrong = 0;
    let transactions = 0;
    const work = Array.from({ length: 1000 }, async (_, index) => {
      const id = (index % 20) + 1;
      if (index % 4 === 0) {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const { rows } = await client.query("select value from counters where id = $1", [id]);
          await client.query("update counters set value = $1 where id = $2", [rows[0].value + 1, id]);
          await client.query("commit");
          transactions++;
        } finally {
          client.release();
        }
        return;
      }
      const { rows } = await pool.query("select id, $1::int as echo from counters where id = $2", [
        index,
        id,
      ]);
      if (rows[0]?.id !== id || rows[0]?.echo !== index) wrong++;
    });
    await Promise.all(work);
    expect(wrong).toBe(0);
    expect(transactions).toBe(250);
    // No transaction's read-then-write was interleaved with another's: every increment counted.
    const { rows } = await pool.query("select sum(value)::int as total from counters");
    expect(rows[0].total).toBe(250);
  });

  it("rolls back the transaction of a connection that disappears, and serves the others on", async () => {
    const client = new pg.Client({ connectionString: embeddedUrl(server.port) });
    client.on("error", () => {});
    await client.connect();
    await client.query("begin");
    await client.query("update counters set value = -1000 where id = 1");
    // The connection dies without COMMIT or ROLLBACK (a killed process).
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    const { rows } = await pool.query("select value from counters where id = 1");
    expect(rows[0].value).not.toBe(-1000);
    await expect(pool.query("select 1 as ok")).resolves.toMatchObject({ rows: [{ ok: 1 }] });
  });
});
