import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { DataFreshnessLine } from "@/features/imports/components/data-freshness";
import { importFile } from "@/features/imports/service";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { resolveListView } from "@/features/tariff/list-view";
import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv } from "@tests/fixtures/tariff-files";

/**
 * The demo's newest month is older than the month in force (ADR 210): on 28 November 2026 the newest
 * Part VIIIA loaded is July 2026. Pages open on July, refuse November for want of data, and say
 * plainly that July is the newest month loaded; an owner is told how to fetch newer ones. Nothing is
 * made up for the months between.
 */
const viewer = vi.hoisted(() => ({ isOwner: true }));
vi.mock("@/lib/session", () => ({ getCurrentUser: async () => viewer }));

const database = setupTestDatabase();
const files = tariffFileFolder("newest");
const now = new Date("2026-11-28T15:00:00Z");

const line = async () =>
  renderToStaticMarkup(await DataFreshnessLine({ part: "viiia", edition: 1, shown: "2026-07", now }));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now });
  const imported = await importFile(
    database.db,
    files.write("Drug Tariff Part VIIIA July 2026.csv", viiiaCsv("July 2026")),
    {
      actor: "test:newest",
    },
  );
  expect(imported.status).toBe("imported");
  clearDataVersionCache();
});

afterAll(() => {
  vi.useRealTimers();
});

describe("when the newest month loaded is older than the month in force", () => {
  it("a list opens on the newest month there is, and refuses the month in force for want of data", async () => {
    const opened = await resolveListView("partviiia", 1, {}, now);
    expect(opened.choice.inForce.value).toBe("2026-11");
    expect(opened.choice.month.value).toBe("2026-07");
    expect(opened.choice.period).toBe("2026-07-01");
    const asked = await resolveListView("partviiia", 1, { month: "2026-11" }, now);
    expect(asked.choice.refused).toEqual({ asked: "2026-11", reason: "no-data" });
    expect(asked.choice.month.value).toBe("2026-07");
  });

  it("the freshness line says which month is the newest loaded, and tells an owner how to fetch newer ones", async () => {
    viewer.isOwner = true;
    const shown = await line();
    expect(shown).toContain("Showing July 2026");
    expect(shown).toContain(
      "July 2026 is the newest month loaded; November 2026, the month in force, is not.",
    );
    expect(shown).toContain("<code>npm run fetch</code>");
  });

  it("someone who cannot fetch is told newer months come once published and fetched", async () => {
    viewer.isOwner = false;
    const shown = await line();
    expect(shown).toContain("July 2026 is the newest month loaded");
    expect(shown).not.toContain("npm run fetch");
    expect(shown).toContain("Newer months appear here once they are published and fetched.");
  });

  it("says nothing of the kind once the month in force is loaded", async () => {
    await importFile(
      database.db,
      files.write("Drug Tariff Part VIIIA November 2026.csv", viiiaCsv("November 2026")),
      {
        actor: "test:newest",
      },
    );
    clearDataVersionCache();
    const shown = renderToStaticMarkup(await DataFreshnessLine({ part: "viiia", edition: 1, now }));
    expect(shown).toContain("Showing November 2026");
    expect(shown).not.toContain("newest month loaded");
  });
});
