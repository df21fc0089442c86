import { describe, expect, it } from "vitest";

import { importFile } from "@/features/imports/service";
import { listRowsGzip, resolveListView } from "@/features/tariff/list-view";
import { listIds } from "@/features/tariff/lists";
import { prepareListViews } from "@/features/tariff/prepared-lists";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv } from "@tests/fixtures/tariff-files";

/** Each list's first view is built once for every web process, as a process starts (ADR 223). */
const database = setupTestDatabase();

const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("the lists' first views, prepared as a web process starts", () => {
  it("are built into the database for every list and edition, and a process that has built nothing serves them from there", async () => {
    const files = tariffFileFolder("shared-answers");
    const file = files.write("Drug Tariff Part VIIIA March 2026.csv", viiiaCsv("March 2026"));
    expect((await importFile(database.db, file, { actor: "test" })).status).toBe("imported");

    expect(await prepareListViews()).toBe(listIds.length * 2);
    const kept = (
      await database.pool.query<{ has_bytes: boolean }>(
        "select bytes is not null as has_bytes from shared_answers",
      )
    ).rows;
    expect(kept.length).toBe(listIds.length * 2);
    expect(kept.every((row) => row.has_bytes)).toBe(true);

    // A process started now has nothing of its own: Part VIIIA's first view is what the database holds.
    await database.pool.query("update shared_answers set bytes = $1", [
      Buffer.from("kept for every process"),
    ]);
    clearDataVersionCache();
    const view = await resolveListView("partviiia", 1, {});
    expect(textOf(await listRowsGzip(view))).toBe("kept for every process");
    // A search is quicker to build than to share: it is built here.
    const searched = await resolveListView("partviiia", 1, { searchTerm: "amox" });
    expect(textOf(await listRowsGzip(searched))).not.toBe("kept for every process");
  });
});
