import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { fixturePage, startFetchServer } from "@tests/fixtures/fetch-server";
import { runScript } from "@tests/fixtures/processes";
import { viiiaCsv } from "@tests/fixtures/tariff-files";

import { headers, nhsbsaCsv } from "../src/features/imports/layout-writers";

/** `npm run fetch`: one pass against a local stand-in for the publishers' sites, its output and exit codes. */
const database = setupTestDatabase();
const server = startFetchServer();

const partViii = "/drug-tariff/drug-tariff-part-viii";
const concessions = "/price-concessions/";

server.set(partViii, { body: fixturePage("drug-tariff-part-viii.html") });
server.set("/sites/default/files/2026-05/Part VIIIA Jun 26.xls.csv", { body: viiiaCsv("June") });
server.set("/sites/default/files/2026-04/Part VIIIA May 26.csv", { body: viiiaCsv("May") });
server.set("/sites/default/files/2026-03/Cat M Prices - Quarter 1.csv", {
  body: nhsbsaCsv({
    title: "Category M Prices - Quarter 1",
    header: headers.catM,
    rows: [["994511000001109", "Acamprosate 333mg gastro-resistant tablets", 168, "tablet", 2414]],
  }),
});
server.set(concessions, {
  body: fixturePage("price-concessions.html", {
    UPDATED: "5th June 2026",
    ROWS: "<tr><td>Amiloride 5mg tablets</td><td>28</td><td>£1.45</td></tr>",
  }),
});

const cli = (args: string[]) =>
  runScript(
    "scripts/fetch.ts",
    {
      DATABASE_URL: database.url,
      NHSBSA_TARIFF_URL: server.url(partViii),
      CPE_CONCESSIONS_URL: server.url(concessions),
      FETCH_ALLOWED_HOSTS: "127.0.0.1",
    },
    120_000,
    args,
  );

const jsonLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("npm run fetch", () => {
  it("imports what is new with one JSON line per file in npm run import's format, then finds nothing new", async () => {
    const first = await cli(["--json"]);
    expect(first.code).toBe(0);
    const lines = jsonLines(first.output);
    expect(lines.map((line) => Object.keys(line))).toEqual(
      Array(4).fill(["file", "edition", "part", "period", "rows", "status", "message"]),
    );
    expect(
      lines.map(({ file, edition, part, period, rows, status }) => ({
        file,
        edition,
        part,
        period,
        rows,
        status,
      })),
    ).toEqual([
      {
        file: "Part VIIIA Jun 26.xls.csv",
        edition: "ew",
        part: "viiia",
        period: "2026-06",
        rows: 4,
        status: "imported",
      },
      {
        file: "Part VIIIA May 26.csv",
        edition: "ew",
        part: "viiia",
        period: "2026-05",
        rows: 4,
        status: "imported",
      },
      {
        file: "Cat M Prices - Quarter 1.csv",
        edition: "ew",
        part: "cat-m",
        period: "2026-04",
        rows: 1,
        status: "imported",
      },
      {
        file: "price-concessions.html",
        edition: "ew",
        part: "concessions",
        period: "2026-06",
        rows: 1,
        status: "imported",
      },
    ]);

    const second = await cli(["--source", "nhsbsa", "--json"]);
    expect(second.code).toBe(0);
    expect(jsonLines(second.output).map((line) => [line.file, line.status])).toEqual([
      ["Part VIIIA Jun 26.xls.csv", "unchanged"],
      ["Part VIIIA May 26.csv", "unchanged"],
      ["Cat M Prices - Quarter 1.csv", "unchanged"],
    ]);
  });

  it("exits 1 and says why when a page can no longer be read, with a summary table without --json", async () => {
    server.set(concessions, { body: fixturePage("price-concessions-redesigned.html") });
    const result = await cli(["--source", "cpe"]);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/File\s+Edition\s+Part\s+Period\s+Rows\s+Status\s+Message/);
    expect(result.output).toContain("0 imported, 0 unchanged, 1 rejected");
    expect(result.output).toMatch(/no price concessions table .* layout may have changed/);
  });

  it("refuses an unknown source", async () => {
    const result = await cli(["--source", "trud"]);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/expected one of nhsbsa, cpe, dmd/);
  });
});
