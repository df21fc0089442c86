import { randomBytes } from "node:crypto";
import zlib from "node:zlib";

import { desc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { imports } from "@/db/schema";
import { setupTestDatabase } from "@tests/fixtures/db";
import { snapshotTariffData, tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { headers, nhsbsaCsv } from "./layout-writers";
import { importFile } from "./service";

/**
 * A corpus of files that cannot be imported. Each is rejected with a message naming the file (and
 * the line and column where there is one) and saying what was expected; the data already loaded is
 * left exactly as it was; the rejection itself is recorded.
 */
const database = setupTestDatabase();
const { write, folder } = tariffFileFolder("bad-files");
const actor = "test:bad-files";

let before: Record<string, string>;

beforeAll(async () => {
  const good = await importFile(database.db, write("Part VIIIA Jan 26.csv", viiiaCsv("January")), { actor });
  expect(good.status).toBe("imported");
  before = await snapshotTariffData(database.db);
});

const withPrice = (price: string) =>
  viiiaRows.map((row, index) => (index === 1 ? [...row.slice(0, 6), price] : row));

/** 50 MB of printable junk on one line: no header, no line break, quotes that never close. */
function junk(): Buffer {
  const chunk = Buffer.from(
    randomBytes(1024 * 1024)
      .toString("base64")
      .replace(/[+/]/g, (c) => (c === "+" ? "," : '"')),
  );
  return Buffer.concat(Array.from({ length: 50 }, () => chunk.subarray(0, 1024 * 1024)));
}

const corpus: [name: string, make: () => Buffer | string, expected: RegExp][] = [
  ["empty Part VIIIA Jan 26.csv", () => "", /empty Part VIIIA Jan 26\.csv: the file is empty/],
  [
    "truncated Part VIIIA Jan 26.csv",
    () => {
      const whole = viiiaCsv("January").toString("latin1");
      return whole.slice(0, whole.indexOf("(1 in 10,000)"));
    },
    /truncated Part VIIIA Jan 26\.csv, line 6: not readable as CSV: .*quote/i,
  ],
  [
    "truncated Part VIIIA Jan 26.csv.gz",
    () => zlib.gzipSync(viiiaCsv("January")).subarray(0, 120),
    /truncated Part VIIIA Jan 26\.csv\.gz: the compressed file is truncated or damaged/,
  ],
  [
    "binary Part VIIIA Jan 26.csv",
    () =>
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        randomBytes(4096),
      ]),
    /binary Part VIIIA Jan 26\.csv: this is a binary file; expected a CSV, XLSX, HTML or XML file/,
  ],
  [
    "wrong header Part VIIIA Jan 26.csv",
    () =>
      nhsbsaCsv({
        title: "January Drug Tariff Part VIIIA",
        header: ["Medicine", "Pack", "Category", "Cost"],
        rows: [["A", 1, "C", 2]],
      }),
    /wrong header Part VIIIA Jan 26\.csv, line 3: the header row lacks .*expected columns like: Medicine, Pack size/,
  ],
  [
    "non-numeric price Part VIIIA Jan 26.csv",
    () => viiiaCsv("January", withPrice("n/a")),
    /non-numeric price Part VIIIA Jan 26\.csv, line 5, column "Basic Price": expected a price in whole pence, such as 2414, found "n\/a"/,
  ],
  [
    "duplicate key Part VIIIA Jan 26.csv",
    () => viiiaCsv("January", [...viiiaRows, viiiaRows[1]!]),
    /duplicate key Part VIIIA Jan 26\.csv, line 8: duplicate VMPP Snomed Code 994511000001109 \(first on line 5\)/,
  ],
  [
    "junk Part VIIIA Jan 26.csv",
    junk,
    /junk Part VIIIA Jan 26\.csv(, line \d+)?: (not readable as CSV|no header row)/,
  ],
  [
    "Part VIIID Feb 26.csv",
    () =>
      nhsbsaCsv({
        title: "February Drug Tariff Part VIIIB",
        header: headers.viiib,
        rows: [
          [
            "8270911000001106",
            "20111811000001102",
            "Acetazolamide 250mg/5ml oral suspension",
            100,
            "ml",
            "STD",
            "",
            3326,
          ],
        ],
      }),
    /Part VIIID Feb 26\.csv, line 3: the title row says Part VIIIB but the file name says Part VIIID/,
  ],
  [
    "Part VIIIA.csv",
    () => viiiaCsv("January"),
    /Part VIIIA\.csv, line 3: cannot tell which month this file is for: .*use --period YYYY-MM/,
  ],
  [
    "Part VIIIA Feb 26.csv",
    () => viiiaCsv("January"),
    /Part VIIIA Feb 26\.csv, line 3: the title row says January but the file name says February 2026/,
  ],
  [
    "notes.xml",
    () => '<?xml version="1.0"?><notes><note>hi</note></notes>',
    /notes\.xml: an XML file that is not part of a dm\+d release/,
  ],
  [
    "news.html",
    () => "<html><body><p>No table here.</p></body></html>",
    /news\.html: no price concessions table/,
  ],
];

describe("files that cannot be imported", () => {
  it.each(corpus)(
    "%s is rejected with a useful message and changes nothing",
    async (name, make, expected) => {
      const file = write(name, make());
      const result = await importFile(database.db, file, { actor });
      expect(result.status).toBe("rejected");
      expect(result.message).toMatch(expected);
      expect(await snapshotTariffData(database.db)).toEqual(before);
      const [recorded] = await database.db.select().from(imports).orderBy(desc(imports.id)).limit(1);
      expect(recorded).toMatchObject({ fileName: name, outcome: "rejected", actor, message: result.message });
      expect(recorded!.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it("a file with many bad rows lists a few and counts the rest", async () => {
    const rows = Array.from({ length: 40 }, (_, index) => [
      "Drug",
      28,
      "tablet",
      "",
      `${1000000 + index}`,
      "Part VIIIA Category C",
      "x",
    ]);
    const result = await importFile(
      database.db,
      write("many Part VIIIA Jan 26.csv", viiiaCsv("January", rows)),
      { actor },
    );
    expect(result.status).toBe("rejected");
    expect(result.message.split("\n")).toHaveLength(6);
    expect(result.message).toMatch(/…and 35 more problems$/);
    expect(await snapshotTariffData(database.db)).toEqual(before);
  });

  it("a file that is not there is rejected too", async () => {
    const result = await importFile(database.db, `${folder}/missing.csv`, { actor });
    expect(result).toMatchObject({ status: "rejected", message: "missing.csv: no such file" });
  });

  it("the good data is still there, as it was", async () => {
    const prices = await database.db.execute(
      sql`select basic_price_pence from part_viiia_prices order by id`,
    );
    expect(prices.rows.map((row) => row.basic_price_pence)).toEqual([35225, 2414, 8463, 1200]);
  });
});
