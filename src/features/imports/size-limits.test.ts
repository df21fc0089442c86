import zlib from "node:zlib";

import JSZip from "jszip";
import { describe, expect, it } from "vitest";

import { tariffFileFolder } from "@tests/fixtures/tariff-files";

import { BadFileError } from "./errors";
import { assertXlsxWithinLimit } from "./rows";
import { readText } from "./source";

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

  it("refuses a workbook whose members inflate past the limit, whatever sizes the zip declares", async () => {
    const zip = new JSZip();
    zip.file("xl/worksheets/sheet1.xml", Buffer.alloc(8 * megabyte, "<c><v>1</v></c>"));
    const file = write("bomb.xlsx", await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
    const failure = await assertXlsxWithinLimit(file, megabyte).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BadFileError);
    expect(String(failure)).toMatch(/bomb\.xlsx: the workbook holds more than 1 MB once decompressed/);
    await expect(assertXlsxWithinLimit(file, 16 * megabyte)).resolves.toBeUndefined();
  });
});
