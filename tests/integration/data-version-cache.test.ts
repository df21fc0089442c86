import { beforeEach, describe, expect, it, vi } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { importFile } from "@/features/imports/service";
import v8 from "node:v8";

import {
  byDataVersion,
  clearDataVersionCache,
  dataVersion,
  dataVersionCacheBytes,
  dataVersionCacheSize,
  gzippedRowsByDataVersion,
} from "@/lib/data-version-cache";

/** The list pages keep a month's rows until an import changes the data (ADR 012). */
const database = setupTestDatabase();
const files = tariffFileFolder("data-version-cache");

async function importViiia(month: string, rows = viiiaRows) {
  const name = `Drug Tariff Part VIIIA ${month}.csv`;
  return importFile(database.db, files.write(name, viiiaCsv(month, rows)), { actor: "test" });
}

beforeEach(() => clearDataVersionCache());

describe("the data version", () => {
  it("changes when an import stores or replaces a month, and not when a file brings nothing new", async () => {
    const empty = await dataVersion();
    expect((await importViiia("March 2026")).status).toBe("imported");
    const stored = await dataVersion();
    expect(stored).not.toBe(empty);

    expect((await importViiia("March 2026")).status).toBe("unchanged");
    expect(await dataVersion()).toBe(stored);

    const dearer = viiiaRows.map((row) => [...row.slice(0, 6), Number(row[6]) + 1]);
    expect((await importViiia("March 2026", dearer)).status).toBe("imported");
    expect(await dataVersion()).not.toBe(stored);
  });
});

describe("keeping a value per data version", () => {
  it("computes once per key and version, and again for a new version", async () => {
    let runs = 0;
    const compute = async () => `rows ${++runs}`;
    expect(await byDataVersion("v1", "partviiia", compute)).toBe("rows 1");
    expect(await byDataVersion("v1", "partviiia", compute)).toBe("rows 1");
    expect(await byDataVersion("v1", "partix", compute)).toBe("rows 2");
    expect(await byDataVersion("v2", "partviiia", compute)).toBe("rows 3");
  });

  it("shares one computation between concurrent requests", async () => {
    let runs = 0;
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 20));
    const answers = await Promise.all(Array.from({ length: 10 }, () => byDataVersion("v1", "k", compute)));
    expect(answers).toEqual(Array(10).fill(1));
    expect(runs).toBe(1);
  });

  it("does not keep a failure: the next request tries again", async () => {
    let runs = 0;
    const flaky = async () => {
      if (++runs === 1) throw new Error("database unavailable");
      return "rows";
    };
    await expect(byDataVersion("v1", "k", flaky)).rejects.toThrow("database unavailable");
    expect(await byDataVersion("v1", "k", flaky)).toBe("rows");
  });

  it("gives each caller a copy of its own: one that changes its answer changes no one else's", async () => {
    const first = await byDataVersion("v1", "periods", async () => ["2026-02-01", "2026-01-01"]);
    first.push("1999-01-01");
    expect(await byDataVersion("v1", "periods", async () => [])).toEqual(["2026-02-01", "2026-01-01"]);
  });
});

describe("what the kept values cost", () => {
  /** An answer of some tens of kB, like a long search answer (ADR 144). */
  const answer = (seed: number) =>
    Array.from({ length: 200 }, (_, index) => ({
      name: `Amlodipine ${seed}-${index} 5mg tablets`,
      pack: "28 tablet",
      code: String(31_000_000_000_000 + seed * 100 + index),
      pricePence: 95 + index,
    }));

  it("counts the bytes each value holds, keys included", async () => {
    const value = answer(1);
    await byDataVersion("v1", "search|amlodipine", async () => value);
    expect(dataVersionCacheSize()).toBe(v8.serialize(value).byteLength + "v1|search|amlodipine".length * 2);
    const before = dataVersionCacheSize();
    const gzip = await gzippedRowsByDataVersion("v1", "rows", async () => value);
    expect(dataVersionCacheSize()).toBe(before + gzip.byteLength + "v1|rows".length * 2);
  });

  it("holds no more than its budget however many answers are asked for", async () => {
    const one = v8.serialize(answer(0)).byteLength;
    const asked = Math.ceil((2 * dataVersionCacheBytes) / one);
    for (let seed = 0; seed < asked; seed++)
      await byDataVersion("v1", `search|${seed}`, async () => answer(seed));
    expect(dataVersionCacheSize()).toBeLessThanOrEqual(dataVersionCacheBytes);
    expect(dataVersionCacheSize()).toBeGreaterThan(dataVersionCacheBytes - 2 * one);
  });

  it("is one cache per process however many server bundles load its module", async () => {
    await byDataVersion("v1", "periods", async () => ["2026-01-01"]);
    vi.resetModules();
    const another = (await import("@/lib/data-version-cache")) as typeof import("@/lib/data-version-cache");
    expect(await another.byDataVersion("v1", "periods", async () => ["computed again"])).toEqual([
      "2026-01-01",
    ]);
  });
});
