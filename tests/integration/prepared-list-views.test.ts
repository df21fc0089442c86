import { describe, expect, it } from "vitest";

import { importFile } from "@/features/imports/service";
import { listRowsGzip, resolveListView } from "@/features/tariff/list-view";
import { listIds } from "@/features/tariff/lists";
import { prepareListViews } from "@/features/tariff/prepared-lists";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv } from "@tests/fixtures/tariff-files";
import { insertDatasets } from "@tests/fixtures/tariff-rows";

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

  it("are shared at once when this process kept them from before an import of a later month", async () => {
    // Part VIIIA's first view is built here; then a later month of another part is imported, which
    // it reads nothing of, so it is still kept here (ADR 230).
    clearDataVersionCache();
    const view = await resolveListView("partviiia", 1, {});
    const rows = textOf(await listRowsGzip(view));
    await insertDatasets(database.db, [[1, "ix", "2026-04-01"]]);

    // Claimed with the others for the new version, it is shared as it is found kept: a claim held
    // unbuilt until every other view was made would keep the other processes waiting for it, and
    // one of them, making the views in the same order, would be waiting for this one's.
    await prepareListViews();
    const shared = (await database.pool.query<{ bytes: Buffer | null }>("select bytes from shared_answers"))
      .rows;
    expect(shared).toHaveLength(listIds.length * 2);
    expect(shared.every((row) => row.bytes !== null)).toBe(true);
    expect(shared.map((row) => textOf(row.bytes!))).toContain(rows);
  });
});
