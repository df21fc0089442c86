import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv } from "@tests/fixtures/tariff-files";

import { getPool } from "@/db/client";

import { importFile } from "@/features/imports/service";
import { listReaderOf } from "@/features/tariff/lists/readers";
import { recordsPerBatch } from "@/features/tariff/list-reading";
import { listRows } from "@/features/tariff/queries";

/**
 * A list's rows are built from its records a bounded batch at a time (ADR 185): however big the
 * month, no statement brings more than `recordsPerBatch` of its records into the process at once.
 */
const database = setupTestDatabase();
const files = tariffFileFolder("list-batches");
const count = 2 * recordsPerBatch + 500;

/** A month of distinct packs, written in an order other than the list's. */
const rows = Array.from({ length: count }, (_, index) => {
  const n = (index * 7919) % count;
  return [
    `Medicine ${String(n).padStart(5, "0")} 5mg tablets`,
    28,
    "tablet",
    String(40_000_000_000_000 + n),
    String(30_000_000_000_000 + n),
    "Part VIIIA Category A",
    100 + n,
  ];
});

beforeAll(async () => {
  const outcome = await importFile(
    database.db,
    files.write("Drug Tariff Part VIIIA March 2026.csv", viiiaCsv("March 2026", rows)),
    { actor: "test" },
  );
  expect(outcome.status, outcome.message).toBe("imported");
}, 120_000);

/** What each statement the app's pool runs brings back: its rows and its columns. */
async function watchingStatements<T>(work: () => Promise<T>) {
  const pool = getPool();
  const seen: { rows: number; columns: number }[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: async (...args: unknown[]) => {
      const result = (await query(...args)) as { rows?: unknown[]; fields?: unknown[] };
      seen.push({ rows: result.rows?.length ?? 0, columns: result.fields?.length ?? 0 });
      return result;
    },
  });
  try {
    return { result: await work(), seen };
  } finally {
    Object.assign(pool, { query });
  }
}

describe("a big list's rows", () => {
  it("come in the list's order, every one, from statements of at most a batch of records each", async () => {
    const { result, seen } = await watchingStatements(() => listRows("partviiia", 1, "2026-03-01"));
    expect(result.map((row) => row.medicine)).toEqual(
      Array.from({ length: count }, (_, n) => `Medicine ${String(n).padStart(5, "0")} 5mg tablets`),
    );
    expect(result[count - 1]).toMatchObject({
      basicPrice: 100 + count - 1,
      vmppSnomedCode: String(30_000_000_000_000 + count - 1),
    });
    const records = seen.filter((statement) => statement.columns > 1);
    expect(records.reduce((sum, statement) => sum + statement.rows, 0)).toBeGreaterThanOrEqual(count);
    expect(Math.max(...records.map((statement) => statement.rows))).toBeLessThanOrEqual(recordsPerBatch);
  });

  it("narrowed by a search, keep the order one statement ranks them in", async () => {
    const query = { searchTerm: "Medicine 0012" };
    const found = await listRows("partviiia", 1, "2026-03-01", query);
    const ranked = await listReaderOf("partviiia", 1).search!("2026-03-01", query, count);
    expect(found.slice(0, 10).map((row) => row.medicine)).toEqual(
      Array.from({ length: 10 }, (_, n) => `Medicine 0012${n} 5mg tablets`),
    );
    expect(found.map((row) => row.medicine)).toEqual(ranked.hits.map((hit) => hit.name));
  });
});
