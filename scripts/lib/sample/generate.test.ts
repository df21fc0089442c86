import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { parseEnv, shouldLoadSampleData } from "@/lib/env";

import { describeName } from "@/features/imports/file-name";
import { readImportFile } from "@/features/imports/read-file";
import { expandFiles } from "@/features/imports/run";
import { generateSample, type SampleFile } from "./generate";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "sample-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const options = { to: "2026-06", months: 24, seed: 7 };
const first = generateSample({ ...options, folder: path.join(root, "a") });

const named = (pattern: RegExp) => first.filter((entry) => pattern.test(path.basename(entry.file)));
const read = (entry: SampleFile) => fs.readFileSync(entry.file);

describe("the sample data generator", () => {
  it("writes the same bytes for the same options", () => {
    const second = generateSample({ ...options, folder: path.join(root, "b") });
    expect(second.map((entry) => path.relative(path.join(root, "b"), entry.file))).toEqual(
      first.map((entry) => path.relative(path.join(root, "a"), entry.file)),
    );
    for (const [index, entry] of first.entries()) expect(read(second[index]!).equals(read(entry))).toBe(true);
  });

  it("covers the last 24 months of every England & Wales part, and Northern Ireland's", () => {
    const months = (pattern: RegExp) => new Set(named(pattern).map((entry) => entry.period)).size;
    expect(months(/^Part VIIIA /)).toBe(24);
    expect(months(/^Part VIIIB /)).toBe(24);
    expect(months(/^Part VIIID /)).toBe(24);
    expect(months(/Part IX/)).toBe(24);
    expect(months(/^Cat M Prices - Quarter/)).toBe(8);
    expect(months(/^NI Drug Tariff Part I /)).toBe(24);
    expect(months(/^NI Drug Tariff Part II & III /)).toBe(24);
    expect(named(/^price_concessions/).length).toBe(2);
    expect(named(/^f_\w+2_\d+\.xml$/).length).toBe(6);
    expect(first[0]!.period).toBe("2024-07");
  });

  it("writes NHSBSA's raw layout, quirks and all", () => {
    const viiia = read(named(/^Part VIIIA /)[0]!).toString("latin1");
    const lines = viiia.split("\r\r\n");
    expect(lines[0]).toBe("July Drug Tariff Part VIIIA,,,,,,");
    expect(lines[1]).toBe(",,,,,,");
    expect(lines[2]).toBe(
      "Medicine,Pack size,,VMP Snomed Code,VMPP Snomed Code,Drug Tariff Category,Basic Price",
    );
    expect(viiia).toContain(
      '"Adrenaline (base) 100micrograms/1ml (1 in 10,000) dilute solution for injection ampoules",10,ampoule',
    );
    expect(viiia.endsWith(",,,,,,\r\r\n,,,,,,\r\r\n")).toBe(true);
    expect(read(named(/^Part VIIIB /)[0]!).toString("latin1")).toMatch(/"[A-Z]+(, [A-Z]+)+"/);
    // Windows-1252 supplier names: é is one byte, 0xE9.
    expect(read(named(/Part IX/)[0]!).includes(Buffer.from("Soci\xe9t\xe9", "latin1"))).toBe(true);
  });

  it("names files the ways NHSBSA does", () => {
    const names = first.map((entry) => path.basename(entry.file));
    expect(names).toContain("Part VIIIA Sept 25.csv");
    expect(names).toContain("Part VIIIA December 20251.csv");
    expect(names.some((name) => name.endsWith(".xls.csv"))).toBe(true);
    expect(names.some((name) => name.includes(" (1).csv"))).toBe(true);
    expect(names.some((name) => /^Drug Tariff \w+ \d{4} Part IX\.csv$/.test(name))).toBe(true);
  });

  it("every file reads back as the part and month it was written for", async () => {
    for (const file of expandFiles(first.map((entry) => entry.file))) {
      const parsed = await readImportFile(file, {}, () => {});
      const written = first.find((entry) => entry.file === file)!;
      const expected = describeName(path.basename(file));
      if (expected.part && expected.part !== "concessions") expect(parsed.part).toBe(expected.part);
      expect(parsed.datasets.at(-1)!.period).toBe(written.period);
      expect(parsed.notes).toEqual([]);
    }
  }, 60_000);

  it("writes months at the real tariff's size when asked, for benchmarks", async () => {
    const real = generateSample({
      to: "2026-06",
      months: 1,
      seed: 7,
      scale: "real",
      folder: path.join(root, "real"),
    });
    const rows = async (pattern: RegExp) => {
      const entry = real.find((file) => pattern.test(path.basename(file.file)))!;
      return (await readImportFile(entry.file, {}, () => {})).datasets[0]!.rows.length;
    };
    expect(await rows(/^Part VIIIA /)).toBeGreaterThanOrEqual(3_500);
    expect(await rows(/^Drug Tariff Part IX/)).toBeGreaterThanOrEqual(65_000);
  }, 120_000);

  it("is loaded on a first start on the embedded default, and on an operator's database only by opt-in", () => {
    expect(shouldLoadSampleData(parseEnv({}))).toBe(true);
    expect(shouldLoadSampleData(parseEnv({ DATABASE_URL: "postgres://db.example/prod" }))).toBe(false);
    expect(shouldLoadSampleData(parseEnv({ SAMPLE_DATA: "0" }))).toBe(false);
    expect(shouldLoadSampleData(parseEnv({ DATABASE_URL: "postgres://db/x", SAMPLE_DATA: "1" }))).toBe(true);
  });
});
