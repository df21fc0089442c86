import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";

import { repeated, sharedStringBomb, workbookOf, zipOf } from "@tests/fixtures/zip-bombs";

import { BadFileError } from "./errors";
import { readLimits, type ReadLimits } from "./limits";
import type { Row } from "./rows";
import { readXlsxRows } from "./xlsx";

/**
 * The streaming workbook reader (ADR 160): it reads what Excel and ExcelJS write, and refuses a
 * workbook over its kind's limits within a moment, before inflating what it would refuse.
 */
async function rowsOf(bytes: Buffer, limits: ReadLimits = readLimits.margin): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const row of readXlsxRows(bytes, "prices.xlsx", limits)) rows.push(row);
  return rows;
}

async function refusal(bytes: Buffer, limits: ReadLimits = readLimits.margin) {
  const started = Date.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const error = await rowsOf(bytes, limits).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return {
    error,
    message: String((error as Error | undefined)?.message),
    ms: Date.now() - started,
    heapRiseMb: (process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024),
  };
}

const megabyte = 1024 * 1024;
const cells = (count: number, text: string) =>
  Array.from(
    { length: count },
    (_, at) => `<c r="${String.fromCharCode(65 + (at % 26))}1" t="inlineStr"><is><t>${text}</t></is></c>`,
  ).join("");

describe("reading a workbook", () => {
  it("reads the first sheet's cells as ExcelJS wrote them: text, numbers, booleans, rich text, formulas, gaps", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Prices");
    sheet.addRow(["Product", "Pack", "Cost", "In stock", "Note"]);
    sheet.addRow([
      "Amlodipine 5mg tablets",
      28,
      1.25,
      true,
      { richText: [{ text: "bold " }, { text: "and plain" }] },
    ]);
    sheet.addRow(["Paracetamol 500mg & caffeine <tabs>", 100, { formula: "1+1", result: 2 }, false, null]);
    sheet.getCell("A5").value = "after a blank row";
    sheet.getCell("D5").value = 3;
    workbook.addWorksheet("Ignored").addRow(["not read"]);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { line: 1, cells: ["Product", "Pack", "Cost", "In stock", "Note"] },
      { line: 2, cells: ["Amlodipine 5mg tablets", "28", "1.25", "TRUE", "bold and plain"] },
      { line: 3, cells: ["Paracetamol 500mg & caffeine <tabs>", "100", "2", "FALSE"] },
      { line: 5, cells: ["after a blank row", "", "", "3"] },
    ]);
  });

  it("reads inline strings, namespace prefixes and a workbook without shared strings", async () => {
    const rows = await rowsOf(
      await workbookOf({
        sheetData: [
          '<row r="1"><c r="B1" t="inlineStr"><is><t>Cost</t></is></c><c r="C1"><v>12.5</v></c></row>',
          '<x:row r="2"><x:c r="A2" t="b"><x:v>1</x:v></x:c></x:row>',
        ],
      }),
    );
    expect(rows).toEqual([
      { line: 1, cells: ["", "Cost", "12.5"] },
      { line: 2, cells: ["TRUE"] },
    ]);
  });

  it("refuses what is not a workbook, saying so", async () => {
    const notZip = await refusal(Buffer.from("Product,Cost\n"));
    expect(notZip.error).toBeInstanceOf(BadFileError);
    expect(notZip.message).toMatch(/prices\.xlsx: not a readable zip file/);
    const noWorkbook = await refusal(await zipOf([{ name: "hello.txt", content: ["hi"] }]));
    expect(noWorkbook.message).toMatch(/not a readable XLSX workbook: it has no xl\/workbook\.xml/);
  });
});

describe("a workbook over its kind's limits", () => {
  beforeAll(async () => {
    // Made before the timed tests: deflating 240 MB takes a few seconds.
    await Promise.all([sharedStringBomb(), sharedStringBomb({ megabytes: 64, declaredSize: 1000 })]);
  }, 120_000);

  it("refuses a 240 MB shared string in a fraction of a second, without inflating it", async () => {
    const bomb = await sharedStringBomb();
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { error, message, ms, heapRiseMb } = await refusal(bomb);
    expect(error).toBeInstanceOf(BadFileError);
    expect(message).toBe(
      "prices.xlsx: the workbook's shared-string table holds more than 16 MB once decompressed: over the limit for a margin-check file",
    );
    expect(ms).toBeLessThan(1000);
    expect(heapRiseMb).toBeLessThan(20);
  });

  it("stops inflating at the limit when the zip says the shared strings are small", async () => {
    const { message, ms, heapRiseMb } = await refusal(
      await sharedStringBomb({ megabytes: 64, declaredSize: 1000 }),
    );
    expect(message).toMatch(/prices\.xlsx: the workbook's shared-string table (is damaged|holds more than)/);
    expect(ms).toBeLessThan(1000);
    expect(heapRiseMb).toBeLessThan(20);
  });

  it("refuses a shared string, or a cell, longer than the kind allows, as it reads it", async () => {
    const longString = await refusal(await sharedStringBomb({ megabytes: 8 }));
    expect(longString.message).toBe(
      "prices.xlsx: a cell of more than 2,000 characters: over the limit for a margin-check file",
    );
    expect(longString.heapRiseMb).toBeLessThan(20);
    const longCell = await refusal(
      await workbookOf({
        sheetData: [
          '<row r="7"><c r="A7" t="inlineStr"><is><t>',
          ...repeated("B".repeat(megabyte), 30),
          "</t></is></c></row>",
        ],
      }),
    );
    expect(longCell.message).toBe(
      "prices.xlsx, line 7: a cell of more than 2,000 characters: over the limit for a margin-check file",
    );
    expect(longCell.heapRiseMb).toBeLessThan(20);
  });

  it("refuses a tag or attribute that never ends without holding it", async () => {
    const { message, heapRiseMb } = await refusal(
      await workbookOf({
        sheetData: ['<row r="1"><c r="A1" t="', ...repeated("s".repeat(megabyte), 30), '"/></row>'],
      }),
    );
    expect(message).toMatch(/prices\.xlsx, line 1: a cell of more than 2,000 characters/);
    expect(heapRiseMb).toBeLessThan(20);
  });

  it("refuses more rows, cells in a row, or shared strings than the kind allows", async () => {
    const limits = { ...readLimits.margin, rows: 3, columns: 4, sharedStrings: 2 };
    const row = (line: number) => `<row r="${line}"><c r="A${line}"><v>${line}</v></c></row>`;
    expect((await refusal(await workbookOf({ sheetData: [1, 2, 3, 4].map(row) }), limits)).message).toBe(
      "prices.xlsx, line 4: more than 3 rows: over the limit for a margin-check file",
    );
    expect(
      (await refusal(await workbookOf({ sheetData: [`<row r="1">${cells(5, "x")}</row>`] }), limits)).message,
    ).toBe("prices.xlsx, line 1: more than 4 cells in a row: over the limit for a margin-check file");
    const far = await refusal(
      await workbookOf({ sheetData: ['<row r="1"><c r="XFD1"><v>1</v></c></row>'] }),
      limits,
    );
    expect(far.message).toMatch(/more than 4 cells in a row/);
    const strings = await refusal(
      await workbookOf({
        sheetData: [row(1)],
        sharedStrings: ["<si><t>a</t></si>", "<si><t>b</t></si>", "<si><t>c</t></si>"],
      }),
      limits,
    );
    expect(strings.message).toBe(
      "prices.xlsx: more than 2 shared strings: over the limit for a margin-check file",
    );
  });

  it("holds a Drug Tariff workbook to limits of its own, far above a price list's", async () => {
    const twentyMegabytes = await sharedStringBomb({ megabytes: 20 });
    expect((await refusal(twentyMegabytes)).message).toMatch(/shared-string table holds more than 16 MB/);
    expect((await refusal(twentyMegabytes, readLimits.tariff)).message).toBe(
      "prices.xlsx: a cell of more than 32,767 characters: over the limit for a Drug Tariff file",
    );
  });
});
