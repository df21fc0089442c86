import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { fixturePage, startFetchServer } from "@tests/fixtures/fetch-server";
import { snapshotTariffData, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { listPeriods, listRows } from "@/features/tariff/queries";

import { headers, nhsbsaCsv } from "../layout-writers";
import { fetchCpe, fetchNhsbsa, type FetchOptions } from "./fetchers";

/**
 * The fetchers against a local server holding recorded NHSBSA and CPE pages and generated files:
 * what is new is imported once through the import pipeline, and a broken site changes nothing.
 */
const database = setupTestDatabase();
const server = startFetchServer();

const partViii = "/pharmacies-gp-practices-and-appliance-contractors/drug-tariff/drug-tariff-part-viii";
const juneCsv = "/sites/default/files/2026-05/Part%20VIIIA%20Jun%2026.xls.csv";
const juneXlsx = "/sites/default/files/2026-05/Part%20VIIIA%20Jun%2026.xls.xlsx";
const mayCsv = "/sites/default/files/2026-04/Part%20VIIIA%20May%2026.csv";
const catM = "/sites/default/files/2026-03/Cat%20M%20Prices%20-%20Quarter%201.csv";
const concessionsPath = "/funding-and-reimbursement/reimbursement/price-concessions/";

const catMCsv = nhsbsaCsv({
  title: "Category M Prices - Quarter 1",
  header: headers.catM,
  rows: [["994511000001109", "Acamprosate 333mg gastro-resistant tablets", 168, "tablet", 2414]],
});

/** June's Part VIIIA with Amiloride at another price: the same month, changed content. */
const juneRepriced = viiiaCsv(
  "June",
  viiiaRows.map((row) => (row[0] === "Amiloride 5mg tablets" ? [...row.slice(0, 6), 1325] : row)),
);

function serveNhsbsa() {
  server.reset();
  server.set(partViii, { body: fixturePage("drug-tariff-part-viii.html") });
  server.set(juneCsv, { body: viiiaCsv("June"), contentType: "text/csv" });
  server.set(mayCsv, { body: viiiaCsv("May"), contentType: "text/csv" });
  server.set(catM, { body: catMCsv, contentType: "text/csv" });
}

const quick = (actor = "fetch:nhsbsa"): FetchOptions => ({
  actor,
  http: { attempts: 3, backoffMs: 20, timeoutMs: 2_000 },
  // The stand-in publisher is on this machine, over plain http (FETCH_ALLOWED_HOSTS=127.0.0.1).
  reach: { localHosts: ["127.0.0.1"] },
});

async function importCount(): Promise<number> {
  const result = await database.db.execute<{ count: string }>(sql`select count(*) as count from imports`);
  return Number(result.rows[0]!.count);
}

async function amilorideJunePrice(): Promise<number | undefined> {
  const result = await database.db.execute<{ price: number }>(
    sql`select basic_price_pence as price from part_viiia_prices
        where vmpp_snomed_code = '1034611000001106' and period = '2026-06-01' and edition = 1`,
  );
  return result.rows[0]?.price;
}

describe("fetching NHSBSA's Drug Tariff files", () => {
  beforeEach(serveNhsbsa);

  it("imports each month the page offers once, and a second pass finds nothing new", async () => {
    const first = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(first.map(({ file, part, period, status }) => ({ file, part, period, status }))).toEqual([
      { file: "Part VIIIA Jun 26.xls.csv", part: "viiia", period: "2026-06", status: "imported" },
      { file: "Part VIIIA May 26.csv", part: "viiia", period: "2026-05", status: "imported" },
      { file: "Cat M Prices - Quarter 1.csv", part: "cat-m", period: "2026-04", status: "imported" },
    ]);
    // Both formats hold the same data: only the CSV is downloaded; the glossary and PDF are not data.
    expect(server.hits(juneXlsx)).toBe(0);
    const records = await database.db.execute<{ actor: string; file_name: string; outcome: string }>(
      sql`select actor, file_name, outcome from imports order by id`,
    );
    expect(records.rows).toEqual([
      { actor: "fetch:nhsbsa", file_name: "Part VIIIA Jun 26.xls.csv", outcome: "imported" },
      { actor: "fetch:nhsbsa", file_name: "Part VIIIA May 26.csv", outcome: "imported" },
      { actor: "fetch:nhsbsa", file_name: "Cat M Prices - Quarter 1.csv", outcome: "imported" },
    ]);
    expect(await amilorideJunePrice()).toBe(1200);

    const before = await importCount();
    const second = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(second.map((outcome) => outcome.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(second[1]!.message).toMatch(/already imported from this file; not downloaded again/);
    expect(second[0]!.message).toMatch(/same file \(by SHA-256\)/);
    expect(await importCount()).toBe(before);
    // Older months are not downloaded again; the newest of each part is re-checked.
    expect(server.hits(mayCsv)).toBe(1);
    expect(server.hits(juneCsv)).toBe(2);
  });

  it("imports the newest month again when its file changed on the site", async () => {
    server.set(juneCsv, { body: juneRepriced, contentType: "text/csv" });
    const outcomes = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(outcomes[0]).toMatchObject({ file: "Part VIIIA Jun 26.xls.csv", status: "imported" });
    expect(outcomes[0]!.message).toMatch(/replaced the earlier data for June 2026/);
    expect(outcomes.slice(1).map((outcome) => outcome.status)).toEqual(["unchanged", "unchanged"]);
    expect(await amilorideJunePrice()).toBe(1325);
  });

  it("reports a page whose layout no longer shows any data file, and imports nothing", async () => {
    server.set(partViii, { body: fixturePage("drug-tariff-part-viii-redesigned.html") });
    const before = await snapshotTariffData(database.db);
    const records = await importCount();
    const outcomes = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ file: server.url(partViii), status: "rejected" });
    expect(outcomes[0]!.message).toMatch(/no Drug Tariff CSV or XLSX file .* layout may have changed/);
    expect(await snapshotTariffData(database.db)).toEqual(before);
    expect(await importCount()).toBe(records);
  });

  it("tries again after a 500, and reports the page after a bounded number of tries", async () => {
    server.set(partViii, { body: fixturePage("drug-tariff-part-viii.html"), failFirst: 2 });
    const recovered = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(server.hits(partViii)).toBe(3);
    expect(recovered.every((outcome) => outcome.status !== "rejected")).toBe(true);

    server.reset();
    server.set(partViii, { body: "", failFirst: 100 });
    const failed = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(server.hits(partViii)).toBe(3);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status: "rejected" });
    expect(failed[0]!.message).toMatch(
      /could not be read.*500 Internal Server Error \(gave up after 3 tries\)/,
    );
  });

  it("does not retry a file the server says is not there, and reports it", async () => {
    server.set(juneCsv, { status: 404, body: "Not found" });
    const outcomes = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(server.hits(juneCsv)).toBe(1);
    expect(outcomes[0]).toMatchObject({ file: "Part VIIIA Jun 26.xls.csv", status: "rejected" });
    expect(outcomes[0]!.message).toMatch(/could not be downloaded, nothing was changed: .* answered 404/);
    expect(outcomes.slice(1).map((outcome) => outcome.status)).toEqual(["unchanged", "unchanged"]);
  });

  it("gives up on a server that does not answer within the time limit", async () => {
    server.set(juneCsv, { hang: true });
    const before = await snapshotTariffData(database.db);
    const started = Date.now();
    const outcomes = await fetchNhsbsa(database.db, [server.url(partViii)], {
      ...quick(),
      http: { attempts: 2, backoffMs: 20, timeoutMs: 300 },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcomes[0]).toMatchObject({ file: "Part VIIIA Jun 26.xls.csv", status: "rejected" });
    expect(outcomes[0]!.message).toMatch(/no complete answer within 0\.3 s \(gave up after 2 tries\)/);
    expect(server.hits(juneCsv)).toBe(2);
    expect(await snapshotTariffData(database.db)).toEqual(before);
  });

  it("never imports a download cut short, and leaves the month's data as it was", async () => {
    const price = await amilorideJunePrice();
    const changed = price === 1325 ? viiiaCsv("June") : juneRepriced;
    server.set(juneCsv, { body: changed, contentType: "text/csv", cutAfter: 120 });
    const before = await snapshotTariffData(database.db);
    const records = await importCount();
    const outcomes = await fetchNhsbsa(database.db, [server.url(partViii)], quick());
    expect(outcomes[0]).toMatchObject({ file: "Part VIIIA Jun 26.xls.csv", status: "rejected" });
    expect(outcomes[0]!.message).toMatch(
      /could not be downloaded, nothing was changed: .*cut off after 120 of \d+ bytes/,
    );
    expect(server.hits(juneCsv)).toBe(3);
    expect(await snapshotTariffData(database.db)).toEqual(before);
    expect(await amilorideJunePrice()).toBe(price);
    expect(await importCount()).toBe(records);
  });
});

describe("fetching CPE's price concessions page", () => {
  const rows = (entries: [string, string, string][]) =>
    entries
      .map(([drug, pack, price]) => `<tr>\n<td>${drug}</td>\n<td>${pack}</td>\n<td>${price}</td>\n</tr>`)
      .join("\n");
  const early: [string, string, string][] = [
    ["Amiloride 5mg tablets", "28", "£1.45"],
    ["Acamprosate 333mg gastro-resistant tablets", "168", "£29.10"],
  ];
  const later: [string, string, string][] = [...early, ["Amlodipine 5mg tablets", "28", "£0.95"]];

  async function concessionCount(): Promise<number> {
    const result = await database.db.execute<{ count: string }>(
      sql`select count(*) as count from concessions where period = '2026-06-01'`,
    );
    return Number(result.rows[0]!.count);
  }

  it("imports the page when it changed, and new concessions added during the month", async () => {
    server.reset();
    server.set(concessionsPath, {
      body: fixturePage("price-concessions.html", { UPDATED: "5th June 2026", ROWS: rows(early) }),
    });
    const first = await fetchCpe(database.db, server.url(concessionsPath), quick("fetch:cpe"));
    expect(first).toEqual([
      expect.objectContaining({
        file: "price-concessions.html",
        part: "concessions",
        period: "2026-06",
        status: "imported",
      }),
    ]);
    expect(await concessionCount()).toBe(2);

    const records = await importCount();
    const again = await fetchCpe(database.db, server.url(concessionsPath), quick("fetch:cpe"));
    expect(again[0]).toMatchObject({
      status: "unchanged",
      message: expect.stringMatching(/has not changed/),
    });
    expect(await importCount()).toBe(records);

    server.set(concessionsPath, {
      body: fixturePage("price-concessions.html", { UPDATED: "19th June 2026", ROWS: rows(later) }),
    });
    const added = await fetchCpe(database.db, server.url(concessionsPath), quick("fetch:cpe"));
    expect(added[0]).toMatchObject({ status: "imported", rows: 3 });
    expect(await concessionCount()).toBe(3);
    const names = await database.db.execute<{ drug: string }>(
      sql`select drug from concessions where period = '2026-06-01' order by drug`,
    );
    expect(names.rows.map((row) => row.drug)).toContain("Amlodipine 5mg tablets");

    // /concession-prices shows the fetched month, in either edition (concessions are UK-wide).
    for (const edition of [1, 2] as const) {
      expect(await listPeriods("concessions", edition)).toContain("2026-06-01");
      const shown = await listRows("concessions", edition, "2026-06-01", { searchTerm: "amlodipine" });
      expect(shown).toEqual([expect.objectContaining({ drug: "Amlodipine 5mg tablets" })]);
    }
  });

  it("reports a page whose layout no longer has a concessions table, and imports nothing", async () => {
    server.set(concessionsPath, { body: fixturePage("price-concessions-redesigned.html") });
    const before = await snapshotTariffData(database.db);
    const records = await importCount();
    const outcomes = await fetchCpe(database.db, server.url(concessionsPath), quick("fetch:cpe"));
    expect(outcomes[0]).toMatchObject({ file: server.url(concessionsPath), status: "rejected" });
    expect(outcomes[0]!.message).toMatch(/no price concessions table .* layout may have changed/);
    expect(await snapshotTariffData(database.db)).toEqual(before);
    expect(await importCount()).toBe(records);
  });
});
