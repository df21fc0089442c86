import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { csvCell, csvFileName, toCsv } from "./csv";

/** A small RFC 4180 reader, to check that what we write reads back to what was shown. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(toCsv(["Medicine", "Pack"], [["Paracetamol 500mg tablets, caplets", 'He said "hi"']])).toBe(
      'Medicine,Pack\r\n"Paracetamol 500mg tablets, caplets","He said ""hi"""\r\n',
    );
  });

  it("defuses spreadsheet formulas but keeps negative numbers", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(" =1+1")).toBe("' =1+1");
    expect(csvCell("\n=1+1")).toBe(`"'\n=1+1"`);
    expect(csvCell("＝HYPERLINK(1)")).toBe("'＝HYPERLINK(1)");
    expect(csvCell("＋1")).toBe("'＋1");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell(-3)).toBe("-3");
  });

  it("reads back to the cells shown, whatever they hold (apart from defused formulas)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const width = rows[0]!.length;
          const even = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ""));
          const parsed = parseCsv(toCsv(even[0]!, even.slice(1)));
          const expected = even.map((row) =>
            row.map((cell) =>
              /^[=+\-@\t\r\n \uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell)
                ? `'${cell}`
                : cell,
            ),
          );
          expect(parsed).toEqual(expected);
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
