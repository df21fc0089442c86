import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { Command, InvalidArgumentError } from "commander";

import { demoDataFolder } from "../src/features/imports/demo/files";
import { parseCommandLine } from "./lib/command-line";

/**
 * `npx tsx scripts/demo-snapshot.ts [REAL_DATA_DIR]`: writes the demo snapshot kept in the
 * repository (`data/demo/`, ADR 210) from the folder of real published files: every England & Wales
 * CSV gzipped as it is (`--ix-months` newest Part IX months only), the CPE concession CSVs, and the
 * dm+d subset's XML files as published, gzipped. The saved CPE page is left out: it holds the same January 2024 list as
 * its CSV. The README beside the files is written by hand and kept.
 */
const sourceFolders = ["nhsbsa-raw", "costmos-processed", "cpe-concessions"];

function count(value: string): number {
  const parsed = Number.parseInt(value, 10);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError("expected a whole number");
  return parsed;
}

function main(argv: string[]): number {
  const program = new Command()
    .name("npx tsx scripts/demo-snapshot.ts")
    .argument(
      "[real-data-dir]",
      "the folder of real files",
      process.env.REAL_DATA_DIR ?? "../shared/data/real",
    )
    .option("--ix-months <n>", "how many of the newest Part IX months to keep", count, 1);
  const ended = parseCommandLine(program, argv);
  if (ended !== undefined) return ended;
  const real = path.resolve(program.processedArgs[0] as string);
  const { ixMonths } = program.opts<{ ixMonths: number }>();
  if (!fs.existsSync(path.join(real, "SOURCES.md"))) {
    console.error(`${real} is not the folder of real files (it has no SOURCES.md).`);
    return 2;
  }

  const tariff = path.join(demoDataFolder, "england-wales");
  const dmd = path.join(demoDataFolder, "dmd");
  for (const folder of [tariff, dmd]) {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
  }
  const csvs = sourceFolders.flatMap((folder) =>
    fs
      .readdirSync(path.join(real, folder))
      .filter((name) => /\.csv(\.gz)?$/.test(name))
      .map((name) => path.join(real, folder, name)),
  );
  const partIx = csvs.filter((file) => /drug_tariff_ix_/.test(file)).sort();
  const keptIx = new Set(partIx.slice(partIx.length - ixMonths));
  let bytes = 0;
  for (const file of csvs) {
    if (partIx.includes(file) && !keptIx.has(file)) continue;
    const raw = fs.readFileSync(file);
    const plain = file.endsWith(".gz") ? zlib.gunzipSync(raw) : raw;
    const target = path.join(tariff, `${path.basename(file).replace(/\.gz$/, "")}.gz`);
    // Level 9 and no name or time in the header: the same files always give the same bytes.
    const packed = zlib.gzipSync(plain, { level: 9 });
    fs.writeFileSync(target, packed);
    bytes += packed.length;
  }
  for (const name of fs.readdirSync(path.join(real, "dmd-xml-subset"))) {
    const packed = zlib.gzipSync(fs.readFileSync(path.join(real, "dmd-xml-subset", name)), { level: 9 });
    fs.writeFileSync(path.join(dmd, `${name}.gz`), packed);
    bytes += packed.length;
  }
  console.log(
    `Wrote the demo snapshot to ${demoDataFolder}: ${(bytes / 1024 / 1024).toFixed(1)} MB ` +
      `(Part IX: ${[...keptIx].map((file) => path.basename(file)).join(", ") || "none"}).`,
  );
  return 0;
}

process.exit(main(process.argv.slice(2)));
