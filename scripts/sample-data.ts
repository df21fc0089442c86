import path from "node:path";

import { Command, InvalidArgumentError } from "commander";

import { openDatabase } from "../src/db/connect";
import { migrateDatabase } from "../src/db/migrate";
import { generateSample, type SampleScale } from "./lib/sample/generate";
import { loadSampleData, sampleSeed } from "./lib/sample/load";
import { parseEnv } from "../src/lib/env";
import { currentPeriod, isPeriod } from "../src/lib/tariff-vocabulary";
import { parseCommandLine } from "./lib/command-line";

/**
 * `npm run data:sample`: writes realistic sample files (24 months of every England & Wales part in
 * NHSBSA's raw layout, concession pages, Northern Ireland CSVs, a dm+d release) into DATA_DIR/sample
 * and imports them through the same importer as real files. Deterministic: the same month and seed
 * give the same files. `--no-import` only writes them; `--scale real` writes each month at the
 * real tariff's size, for benchmarks.
 */
const log = (message: string) => console.log(`[sample] ${message}`);

function scale(value: string): SampleScale {
  if (value !== "sample" && value !== "real") throw new InvalidArgumentError("expected sample or real");
  return value;
}

function month(value: string): string {
  if (!isPeriod(value)) throw new InvalidArgumentError("expected a month as YYYY-MM");
  return value;
}

async function main(argv: string[]): Promise<number> {
  const env = parseEnv(process.env);
  const program = new Command()
    .name("npm run data:sample --")
    .option("--out <folder>", "where to write the files", path.join(env.DATA_DIR, "sample"))
    .option("--to <YYYY-MM>", "the last month", month, currentPeriod())
    .option("--months <n>", "how many months", (value) => Number.parseInt(value, 10), 24)
    .option("--seed <n>", "the generator's seed", (value) => Number.parseInt(value, 10), sampleSeed)
    .option(
      "--scale <size>",
      "`sample` (small, the default) or `real` (the real tariff's size)",
      scale,
      "sample",
    )
    .option("--no-import", "write the files only");
  const ended = parseCommandLine(program, argv);
  if (ended !== undefined) return ended;
  const options = program.opts<{
    out: string;
    to: string;
    months: number;
    seed: number;
    scale: SampleScale;
    import: boolean;
  }>();
  if (!options.import) {
    const files = generateSample({
      folder: options.out,
      to: options.to,
      months: options.months,
      seed: options.seed,
      scale: options.scale,
    });
    log(`Wrote ${files.length} files to ${options.out}.`);
    return 0;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, onRetry: log });
  try {
    await migrateDatabase(database.db);
    const result = await loadSampleData(database.db, {
      folder: options.out,
      to: options.to,
      months: options.months,
      seed: options.seed,
      scale: options.scale,
      log,
    });
    log(
      `Imported ${result.files} files (${result.rows.toLocaleString("en-GB")} rows) in ${result.seconds.toFixed(1)} s.`,
    );
    for (const rejected of result.rejected)
      console.error(`${rejected.file} was rejected:\n${rejected.message}`);
    return result.rejected.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
