import { Command, InvalidArgumentError, Option } from "commander";

import { openDatabase } from "../src/db/connect";
import { migrateDatabase } from "../src/db/migrate";
import {
  fetchSource,
  fetchSources,
  sourceSettingsOf,
  sourcesToFetch,
  type FetchOptions,
  type FetchSource,
} from "../src/features/imports/fetch/fetchers";
import type { ImportOutcome } from "../src/features/imports/service";
import { parseEnv } from "../src/lib/env";
import { parseCommandLine } from "./lib/command-line";
import { finishImportCommand, runImportCommand } from "./lib/import-outcomes";

/**
 * `npm run fetch -- [--source nhsbsa|cpe|dmd] [--json]`: one pass of the fetchers now. Reads NHSBSA's
 * Drug Tariff pages (NHSBSA_TARIFF_URL), Community Pharmacy England's concessions page
 * (CPE_CONCESSIONS_URL) and, with TRUD_API_KEY, TRUD's latest dm+d release, downloads what is new
 * and imports it as `npm run import` would: from each source's own hosts only, over https, each page
 * and file within its size limit (docs/deploy.md, ADR 170). Prints one
 * line per file found (with --json, in `npm run import -- --json`'s format). Exit code 1 when a page
 * or file could not be fetched or was rejected, 2 for a mistake on the command line.
 */

function parseSource(value: string): FetchSource {
  if (!(fetchSources as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${fetchSources.join(", ")}`);
  return value as FetchSource;
}

const sourceNames: Record<FetchSource, string> = { nhsbsa: "NHSBSA", cpe: "CPE", dmd: "TRUD (dm+d)" };

async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name("npm run fetch --")
    .description(
      "Fetch new Drug Tariff files from NHSBSA, price concessions from CPE and dm+d from TRUD, and import them.",
    )
    .addOption(
      new Option("--source <source>", "fetch from this source only (nhsbsa, cpe or dmd)").argParser(
        parseSource,
      ),
    )
    .option("--json", "print one JSON line per file instead of progress lines and a table")
    .showHelpAfterError();
  const ended = parseCommandLine(program, argv);
  if (ended !== undefined) return ended;
  const options = program.opts<{ source?: FetchSource; json?: boolean }>();

  const env = parseEnv(process.env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onRetry: (message) => console.error(message),
  });
  const settings = sourceSettingsOf(env);
  if (options.source === "dmd" && !settings.trud) {
    console.error("dm+d is fetched from TRUD: set TRUD_API_KEY to your TRUD account's API key.");
    return 2;
  }
  const sources = options.source ? [options.source] : sourcesToFetch(settings);
  const outcomes: ImportOutcome[] = [];
  try {
    await migrateDatabase(database.db);
    for (const source of sources) {
      const fetchOptions: FetchOptions = {
        actor: `fetch:${source}`,
        onProgress: (line) => console.error(line),
        onOutcome: (outcome) => {
          if (options.json) process.stdout.write(`${JSON.stringify(outcome)}\n`);
          else console.error(`${outcome.file}: ${outcome.status}`);
        },
      };
      if (!options.json) console.error(`Fetching from ${sourceNames[source]}…`);
      outcomes.push(...(await fetchSource(database.db, source, settings, fetchOptions)));
    }
  } finally {
    await database.close();
  }
  return finishImportCommand(outcomes, options.json);
}

runImportCommand(main);
