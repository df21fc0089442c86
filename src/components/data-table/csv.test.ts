import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readSpreadsheetCsv } from "@tests/fixtures/spreadsheet-csv";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";

import { csvCell, csvFileName, tableCsv, toCsv } from "./csv";
import type { DataColumn, DataRow } from "./format";

const read = (text: string) => parse(text, { bom: true }) as string[][];

/**
 * Cells that a spreadsheet could run as a formula, each with how it gets there (OWASP's CSV injection
 * guidance): `npm run test:security` prints them with what the writer made of each.
 */
const injectionCases: [string, string][] = [
  ["=1+1", "a formula"],
  ["+1+1", "a formula, by its plus"],
  ["-1+1", "a formula, by its minus"],
  ["@SUM(1+1)", "a function, by its at sign"],
  ['=HYPERLINK("http://evil.example","x")', "a link out"],
  ["\t=1+1", "a leading tab"],
  ["\r=1+1", "a leading carriage return"],
  ["\n=1+1", "a leading line feed"],
  [" =1+1", "a leading space"],
  ["\u00A0=1+1", "a leading non-breaking space"],
  ["\u3000=1+1", "a leading ideographic space"],
  ["\u2003\u2009=1+1", "leading em and thin spaces"],
  ["\u200B=1+1", "a leading zero-width space"],
  ["\uFEFF=1+1", "a leading byte-order mark"],
  ["＝1+1", "a full-width equals sign"],
  ["＋1+1", "a full-width plus sign"],
  ["a;=1+1", "after a semicolon, where a spreadsheet splits on semicolons"],
  ["a; =1+1", "after a semicolon and a space"],
  ["a,=1+1", "after a comma"],
  ["a\t@SUM(1)", "after a tab"],
  ["a|=1+1", "after a pipe"],
  ["a\n=1+1", "on a cell's second line"],
  ["a;\u00A0-1+1", "after a semicolon and a non-breaking space"],
  ["-1.50+1", "a number followed by a formula"],
];

/** What the writer must never leave a spreadsheet to run: checked on the cell as read back. */
const leadingSpace = /^[\s\u200B-\u200D\u2060\uFEFF]*/u;
const formulaCharacter = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u;
function couldRun(cell: string): boolean {
  if (cell.startsWith("'")) return false;
  if (/^-?\d+(\.\d+)?$/.test(cell)) return false;
  if (formulaCharacter.test(cell) || formulaCharacter.test(cell.replace(leadingSpace, ""))) return true;
  return cell
    .split(/[,;\t|\r\n]/)
    .slice(1)
    .some((part) => formulaCharacter.test(part.replace(leadingSpace, "")));
}

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks, after a byte-order mark", () => {
    expect(toCsv(["Medicine", "Pack"], [["Paracetamol 500mg tablets, caplets", 'He said "hi"']])).toBe(
      '\uFEFFMedicine,Pack\r\n"Paracetamol 500mg tablets, caplets","He said ""hi"""\r\n',
    );
  });

  it("writes UTF-8 with a byte-order mark, so a spreadsheet reads £ as £", () => {
    const bytes = Buffer.from(toCsv(["Name"], [["£9.03 a pack"]]), "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(read(bytes.toString("utf8"))).toEqual([["Name"], ["£9.03 a pack"]]);
  });

  it("defuses every way a cell can start a formula, and keeps plain numbers", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    // Defused cells are quoted too (OWASP), so a spreadsheet that splits on semicolons keeps each one cell.
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell(" =1+1")).toBe(`"' =1+1"`);
    expect(csvCell("\n=1+1")).toBe(`"'\n=1+1"`);
    expect(csvCell("＝HYPERLINK(1)")).toBe(`"'＝HYPERLINK(1)"`);
    expect(csvCell("\u00A0=1+1")).toBe(`"'\u00A0=1+1"`);
    expect(csvCell("\u3000=1+1")).toBe(`"'\u3000=1+1"`);
    expect(csvCell("a;=1+1")).toBe(`"'a;=1+1"`);
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell(-3)).toBe("-3");
    // Words with a separator but no formula after it are kept as they are, quoted for a spreadsheet
    // that splits on semicolons.
    expect(csvCell("Sodium chloride 0.9%; 10ml")).toBe(`"Sodium chloride 0.9%; 10ml"`);
    expect(csvCell("Part IXA - Drugs")).toBe("Part IXA - Drugs");
  });

  it("leaves no case of the injection list able to run, and reads each back as written", () => {
    const written = injectionCases.map(([cell, how]) => {
      const [[back]] = read(toCsv(["Cell"], [[cell]])).slice(1) as [[string]];
      return { cell, how, written: back, neutralised: !couldRun(back) && back === `'${cell}` };
    });
    // Figures are not formulas: a loss stays a negative number a spreadsheet can add up.
    const numbers = ["-1.50", "-0.01", "12.5", "0", "-1234.56"].map((cell) => {
      const [[back]] = read(toCsv(["Cell"], [[cell]])).slice(1) as [[string]];
      return { cell, written: back, keptNumber: back === cell && Number.isFinite(Number(back)) };
    });
    recordSecurityFigure("csv-injection", { cases: written, numbers });
    for (const result of written) expect(result, result.how).toMatchObject({ neutralised: true });
    for (const result of numbers) expect(result).toMatchObject({ keptNumber: true });
  });

  it("reads back to the cells given, whatever they hold, with a formula defused by one apostrophe", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.oneof(
              fc.string({ unit: "grapheme" }),
              fc
                .constantFrom("=", "+", "-", "@", ";", ",", "\t", "\u00A0", "\u3000", " ")
                .chain((c) => fc.string({ unit: "grapheme" }).map((s) => c + s)),
            ),
            { minLength: 1, maxLength: 4 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        (rows) => {
          const width = rows[0]!.length;
          const even = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ""));
          const parsed = read(toCsv(even[0]!, even.slice(1)));
          expect(parsed).toHaveLength(even.length);
          parsed.forEach((row, r) =>
            row.forEach((cell, c) => {
              const given = even[r]![c]!;
              expect([given, `'${given}`]).toContain(cell);
              expect(couldRun(cell), JSON.stringify(cell)).toBe(false);
            }),
          );
        },
      ),
    );
  });

  it("names the file after its part, edition and month", () => {
    expect(csvFileName(["Part VIIIA", "England & Wales", "2026-11"])).toBe(
      "part-viiia-england-wales-2026-11.csv",
    );
  });
});

describe("a table's CSV, for a spreadsheet", () => {
  const columns: DataColumn[] = [
    { id: "name", header: "Medicine", priority: "name", hrefKey: "href" },
    { id: "packSize", header: "Pack size", kind: "number" },
    { id: "price", header: "Basic price", kind: "pence" },
    { id: "discount", header: "Discount", kind: "percent" },
    { id: "change", header: "Change", kind: "pence" },
    { id: "changePercent", header: "Change %", kind: "percent" },
    { id: "date", header: "Price date", kind: "date" },
    { id: "code", header: "VMPP code", kind: "code" },
    { id: "trend", header: "12 months", drawn: true },
  ];
  const rows: DataRow[] = [
    {
      name: "Fentanyl 100micrograms/hour patches",
      href: "/drug-info/1",
      packSize: 1500,
      price: 903,
      discount: 5.27,
      change: -150,
      changePercent: -14.285714285714286,
      date: "2026-11-01T00:00:00.000Z",
      code: "1034611000001106",
      trend: "12 months' prices, from £7.83 to £4.50",
    },
    {
      name: "=cmd|' /C calc'!A0",
      packSize: null,
      price: 123_456,
      discount: 20,
      change: null,
      changePercent: null,
      date: null,
      code: null,
      trend: null,
    },
  ];

  it("puts the currency and the per cent in the header, and money in pounds as plain numbers", () => {
    const csv = readSpreadsheetCsv(tableCsv(columns, rows));
    expect(csv.problems).toEqual([]);
    expect(csv.header).toEqual([
      "Medicine",
      "Pack size",
      "Basic price (£)",
      "Discount (%)",
      "Change (£)",
      "Change (%)",
      "Price date",
      "VMPP code",
    ]);
    expect(csv.rows[0]).toEqual([
      "Fentanyl 100micrograms/hour patches",
      "1500",
      "9.03",
      "5.27",
      "-1.50",
      "-14.285714285714286",
      "2026-11-01",
      "1034611000001106",
    ]);
    expect(csv.rows[1]).toEqual(["'=cmd|' /C calc'!A0", "", "1234.56", "20", "", "", "", ""]);
    // Every money cell is a number, a loss a negative one.
    expect(Number(csv.records[0]!["Change (£)"])).toBe(-1.5);
    expect(Number(csv.records[1]!["Basic price (£)"])).toBe(1234.56);
  });

  it("leaves out a drawn column, whose words are for screen readers", () => {
    expect(tableCsv(columns, rows)).not.toContain("12 months");
  });
});
