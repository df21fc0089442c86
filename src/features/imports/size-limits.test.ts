import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import { tariffFileFolder } from "@tests/fixtures/tariff-files";
import { repeated, workbookOf } from "@tests/fixtures/zip-bombs";

import { BadFileError } from "./errors";
import { readLimits, type ReadLimits } from "./limits";
import { readText } from "./source";
import { readXlsxRows } from "./xlsx";

/**
 * Compressed inputs are capped by what they hold once decompressed, not by their size on disk: a
 * few hundred kilobytes of gzip or zip can inflate to gigabytes.
 */
const { write } = tariffFileFolder("size-limits");
const megabyte = 1024 * 1024;

describe("decompressed size limits", () => {
  it("stops a .gz at the limit, with a message naming the file", async () => {
    // 8 MB of one repeated line: about 20 kB once gzipped.
    const file = write("bomb.csv.gz", zlib.gzipSync(Buffer.alloc(8 * megabyte, "a,b,c\n")));
    const failure = await readText(file, true, megabyte).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BadFileError);
    expect(String(failure)).toMatch(/bomb\.csv\.gz: the file holds more than 1 MB once decompressed/);
    expect(await readText(file, true, 16 * megabyte)).toHaveLength(8 * megabyte);
  });

  it("refuses a workbook whose worksheet inflates past its kind's limit, with a message naming the file", async () => {
    // 8 MB of cells: about 20 kB once zipped.
    const workbook = await workbookOf({
      sheetData: repeated("<row><c><v>1</v></c></row>".repeat(1024), 320),
    });
    const file = write("bomb.xlsx", workbook);
    const read = async (limits: ReadLimits) => {
      let rows = 0;
      for await (const _row of readXlsxRows(file, "bomb.xlsx", limits)) rows++;
      return rows;
    };
    const failure = await read({ ...readLimits.tariff, inflatedBytes: megabyte }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BadFileError);
    expect(String(failure)).toMatch(
      /bomb\.xlsx: the zip's members hold more than 1 MB once decompressed: over the limit for a Drug Tariff file/,
    );
    expect(await read(readLimits.tariff)).toBe(327_680);
  });
});
