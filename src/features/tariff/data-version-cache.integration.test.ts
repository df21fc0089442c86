import { beforeEach, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { importFile } from "../imports/service";
import { byDataVersion, clearDataVersionCache, dataVersion } from "./data-version-cache";

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
});
