import { beforeEach, describe, expect, it } from "vitest";

import { clearDataVersionCache } from "@/lib/data-version-cache";
import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv } from "@tests/fixtures/tariff-files";

import { getDataFreshness } from "./freshness";
import { importFile } from "./service";

/** "Showing … · updated …" on every data page: kept per data version, so an import shows at once. */
const database = setupTestDatabase();
const files = tariffFileFolder("freshness");

async function importViiia(month: string) {
  const name = `Drug Tariff Part VIIIA ${month}.csv`;
  return importFile(database.db, files.write(name, viiiaCsv(month)), { actor: "test" });
}

beforeEach(() => clearDataVersionCache());

describe("a part's freshness", () => {
  it("is none before an import, then follows each import at once", async () => {
    expect(await getDataFreshness("viiia", 1)).toBeNull();

    await importViiia("March 2026");
    const march = await getDataFreshness("viiia", 1);
    expect(march?.latestPeriod).toBe("2026-03-01");

    await importViiia("April 2026");
    const april = await getDataFreshness("viiia", 1);
    expect(april?.latestPeriod).toBe("2026-04-01");
    expect(april?.periods).toEqual(["2026-03-01", "2026-04-01"]);
    expect(april!.updatedAt.getTime()).toBeGreaterThanOrEqual(march!.updatedAt.getTime());
    // Northern Ireland's edition has its own Part VIIIA, not imported here.
    expect(await getDataFreshness("viiia", 2)).toBeNull();
  });
});
