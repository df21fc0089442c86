import { Readable } from "node:stream";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readCsvRows } from "./rows";
import { TextDecoderStream } from "./source";

/** Bytes → text → rows, the path every CSV takes, fed in the chunks given. */
async function readBytes(chunks: Buffer[]): Promise<string[][]> {
  const decoded = Readable.from(chunks).pipe(new TextDecoderStream());
  const rows: string[][] = [];
  for await (const row of readCsvRows(decoded)) rows.push(row.cells);
  return rows;
}

function quoteCell(cell: string): string {
  return /[",\r\n]/.test(cell) || cell.trim() !== cell ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const notBlank = (row: string[]) => row.some((cell) => cell.trim() !== "");

/** Splits bytes at the given cut points, so multi-byte characters and CR CR LF can straddle chunks. */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const sorted = [...new Set(points.map((point) => point % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...sorted, bytes.length]) {
    if (point > start) chunks.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

describe("the CSV reader on NHSBSA's real layout", () => {
  it("treats CR CR LF as one line break and numbers lines as an editor does", async () => {
    const text =
      'July Drug Tariff Part VIIIA,,\r\r\n,,\r\r\nMedicine,Pack size,\r\r\n"Adrenaline (1 in 10,000)",10,ampoule\r\r\n,,\r\r\n';
    const rows: { line: number; cells: string[] }[] = [];
    for await (const row of readCsvRows(Readable.from([text]))) rows.push(row);
    expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[3]!.cells).toEqual(["Adrenaline (1 in 10,000)", "10", "ampoule"]);
  });

  it("decodes latin-1 (Windows-1252) and UTF-8, and strips a byte-order mark", async () => {
    expect(await readBytes([Buffer.from("Name\r\nSoci\xe9t\xe9 \xa3\r\n", "latin1")])).toEqual([
      ["Name"],
      ["Société £"],
    ]);
    expect(await readBytes([Buffer.from("\ufeffName\nSociété £\n", "utf8")])).toEqual([
      ["Name"],
      ["Société £"],
    ]);
  });
});

/** Cells with everything that breaks naive readers: commas, quotes, line breaks, spaces, £. */
const utf8Cell = fc.string({ unit: fc.constantFrom(...'ab1 ,"\r\n.£µé€—/%()'.split("")), maxLength: 12 });
/** Latin-1 text the way NHSBSA would write it; no accidental UTF-8 sequences in this alphabet. */
const latin1Cell = fc.string({ unit: fc.constantFrom(...'ab1 ,"\r\n.£ü°/'.split("")), maxLength: 12 });

/** A table of one width, in one encoding's alphabet. */
const tables = fc.boolean().chain((latin1) =>
  fc.integer({ min: 1, max: 6 }).chain((width) =>
    fc.record({
      latin1: fc.constant(latin1),
      width: fc.constant(width),
      table: fc.array(fc.array(latin1 ? latin1Cell : utf8Cell, { minLength: width, maxLength: width }), {
        minLength: 1,
        maxLength: 8,
      }),
    }),
  ),
);

describe("the CSV reader (property)", () => {
  it("reads back any table, whatever its line ends, encoding, quoting, chunking and trailing blank rows", async () => {
    await fc.assert(
      fc.asyncProperty(
        tables,
        fc.constantFrom("\r\r\n", "\r\n", "\n"),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async ({ latin1, width, table }, lineEnd, trailingBlanks, cuts) => {
          const text =
            table.map((row) => row.map(quoteCell).join(",")).join(lineEnd) +
            lineEnd +
            `${",".repeat(width - 1)}${lineEnd}`.repeat(trailingBlanks);
          const rows = await readBytes(cut(Buffer.from(text, latin1 ? "latin1" : "utf8"), cuts));
          expect(rows.filter(notBlank)).toEqual(table.filter(notBlank));
        },
      ),
      { numRuns: 300 },
    );
  });
});
