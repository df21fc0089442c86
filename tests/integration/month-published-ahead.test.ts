import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { DataFreshnessLine } from "@/features/imports/components/data-freshness";
import { importFile } from "@/features/imports/service";
import { getInsightMonth } from "@/features/insights/queries";
import { figureThisMonth } from "@/features/margins/figures";
import { searchTariff } from "@/features/search/queries";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { resolveListView } from "@/features/tariff/list-view";
import { getEditionComparison, getProductReimbursement } from "@/features/tariff/reimbursement-queries";
import { monthInForceOf } from "@/features/tariff/pack-months";
import { getWatchlistDetail } from "@/features/watchlists/queries";
import { watchlistItems, watchlists } from "@/db/schema";
import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

/**
 * NHSBSA publishes next month's tariff days before the 1st. On 28 November 2026 the owner has
 * imported England & Wales' Part VIIIA for October, November, December and January, and Northern
 * Ireland's Part I for November only: every page still shows November, offers December and January
 * as "from the 1st", and says Northern Ireland has not published them (product §3.1).
 */
const database = setupTestDatabase();
const files = tariffFileFolder("ahead");
const now = new Date("2026-11-28T15:00:00Z");
const amiloride = "1034611000001106";

/** Amiloride rises from £12.00 to £15.00 in December. */
const withAmiloride = (pence: number) =>
  viiiaRows.map((row) => (row[4] === amiloride ? [...row.slice(0, 6), pence] : row));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now });
  const load = (name: string, content: Buffer | string) =>
    importFile(database.db, files.write(name, content), { actor: "test:ahead" });
  for (const [month, price] of [
    ["October 2026", 1200],
    ["November 2026", 1200],
    ["December 2026", 1500],
    ["January 2027", 1500],
  ] as const)
    expect(
      await load(`Drug Tariff Part VIIIA ${month}.csv`, viiiaCsv(month, withAmiloride(price))),
    ).toMatchObject({
      status: "imported",
    });
  const northernIreland = [
    "Medicine,Pack size,Unit of measure,VMP Snomed Code,VMPP Snomed Code,Drug Tariff Category,Basic Price",
    ...viiiaRows.map((row) =>
      [row[0], row[1], row[2], row[3], row[4], String(row[5]).replace("Part VIIIA", "Part I"), row[6]]
        .map((cell) => `"${String(cell)}"`)
        .join(","),
    ),
  ].join("\n");
  expect(await load("NI Drug Tariff Part I November 2026.csv", northernIreland)).toMatchObject({
    status: "imported",
  });
  clearDataVersionCache();
});

afterAll(() => {
  vi.useRealTimers();
});

describe("next month's tariff imported early", () => {
  it("leaves every list on the month in force, offering the months ahead from their 1st", async () => {
    for (const edition of [1, 2] as const) {
      const view = await resolveListView("partviiia", edition, {}, now);
      expect(view.choice.month.value, `edition ${edition}`).toBe("2026-11");
      expect(view.choice.refused).toBeNull();
    }
    const view = await resolveListView("partviiia", 1, {}, now);
    expect(view.choice.options.slice(0, 3).map((option) => option.label)).toEqual([
      "January 2027 (from 1 January)",
      "December 2026 (from 1 December)",
      "November 2026",
    ]);
    // Asked for, a month ahead is shown.
    expect((await resolveListView("partviiia", 1, { month: "2026-12" }, now)).choice.period).toBe(
      "2026-12-01",
    );
  });

  it("searches the month in force, and 'View all results' opens it", async () => {
    const [section] = await searchTariff(1, "amiloride", { parts: ["viiia"], now });
    expect(section!.viewAllHref).toContain("month=2026-11");
    expect(section!.results[0]).toMatchObject({ code: amiloride, pricePence: 1200 });
  });

  it("gives a product page November's price, December's coming, and Northern Ireland's months 'not published'", async () => {
    const months = await getProductReimbursement("drug", amiloride, now);
    expect(months.slice(0, 3).map((month) => [month.period, month.coming])).toEqual([
      ["2027-01", true],
      ["2026-12", true],
      ["2026-11", false],
    ]);
    expect(monthInForceOf(months, 1)!.editions[1]).toMatchObject({ period: "2026-11", pricePence: 1200 });
    expect(months[1]!.editions[1]).toMatchObject({ pricePence: 1500 });
    expect(months[1]!.standing).toEqual({ 1: "listed", 2: "not-published" });
    expect(monthInForceOf(months, 2)!.standing[2]).toBe("listed");
    // The margin check reads the month in force, never the month ahead.
    expect(figureThisMonth(months, 1)).toMatchObject({ period: "2026-11" });
  });

  it("prices a watchlist in November and shows December's change", async () => {
    const person = await insertUser({ subscribed: true });
    const [list] = await database.db
      .insert(watchlists)
      .values({ ownerId: person.id, name: "Ahead" })
      .returning({ id: watchlists.id });
    await database.db.insert(watchlistItems).values({ watchlistId: list!.id, kind: "drug", code: amiloride });
    const detail = await getWatchlistDetail(await currentUserOf(person), list!.id);
    expect(detail.months.viiia).toEqual({
      current: "2026-11-01",
      previous: "2026-10-01",
      next: "2026-12-01",
    });
    expect(detail.entries[0]).toMatchObject({
      pricePence: 1200,
      next: { period: "2026-12", pricePence: 1500, listed: true },
    });
  });

  it("lists every loaded month in the insights' menu and opens on the month in force", async () => {
    const insight = await getInsightMonth(1, "price-changes-viiia", {}, now);
    expect(insight.selection.selected).toBe("2026-11");
    expect(insight.selection.months.map((month) => month.value)).toEqual(
      expect.arrayContaining(["2027-01", "2026-12", "2026-11"]),
    );
  });

  it("compares the editions in the month in force", async () => {
    expect((await getEditionComparison({ part: "viiia", now })).period).toBe("2026-11");
  });

  it("names the month on screen in the freshness line, and the months published ahead", async () => {
    const line = renderToStaticMarkup(
      await DataFreshnessLine({ part: "viiia", edition: 1, shown: "2026-11", now }),
    );
    expect(line).toContain("Showing November 2026");
    expect(line).toContain(
      "December 2026 and January 2027 are published: in force from 1 December and from 1 January",
    );
    const northern = renderToStaticMarkup(await DataFreshnessLine({ part: "viiia", edition: 2, now }));
    expect(northern).toContain("Showing November 2026");
    expect(northern).not.toContain("published:");
  });
});
