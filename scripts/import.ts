import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { MultiBar, Presets, type SingleBar } from "cli-progress";
import { Command, InvalidArgumentError, Option } from "commander";

import { editionFromCode, type Edition } from "@/lib/tariff-vocabulary";

import { closeDb } from "../src/db/client";
import { openDatabase } from "../src/db/connect";
import { migrateDatabase } from "../src/db/migrate";
import { partFromAlias } from "../src/features/imports/parts";
import { expandFiles, runImports, type ImportReporter } from "../src/features/imports/run";
import { displayName, type ImportOutcome } from "../src/features/imports/service";
import { parseEnv } from "../src/lib/env";
import { isPeriod, partIds, type PartId } from "../src/lib/tariff-vocabulary";
import { parseCommandLine } from "./lib/command-line";
import { finishImportCommand, runImportCommand } from "./lib/import-outcomes";

/**
 * `npm run import -- FILES…`: loads published Drug Tariff files into the database, whether or not
 * `npm start` is running (with it, through its embedded server; with DATABASE_URL, into that server).
 * Exit code 1 when any file was rejected, 2 for a mistake on the command line.
 */

function parsePart(value: string): PartId {
  const part = partFromAlias(value);
  if (!part)
    throw new InvalidArgumentError(
      `expected one of ${partIds.join(", ")} (or Part I, Part II & III, Part X, Part XI)`,
    );
  return part;
}

function parsePeriodOption(value: string): string {
  if (!isPeriod(value)) throw new InvalidArgumentError("expected a month as YYYY-MM, such as 2026-01");
  return value;
}

function parseEdition(value: string): Edition {
  const edition = editionFromCode(value);
  if (!edition) throw new InvalidArgumentError("expected ew (England & Wales) or ni (Northern Ireland)");
  return edition;
}

/** Rows read shown against an estimate from the file's size: the true count is known only at the end. */
function estimateRows(file: string): number {
  try {
    const bytes = fs.statSync(file).size;
    return Math.max(1, Math.round((file.endsWith(".gz") ? bytes * 7 : bytes) / 110));
  } catch {
    return 1;
  }
}

/** Progress bars on a terminal; plain lines on stderr otherwise (logs, CI, tests watching the output). */
function createReporter(useBars: boolean): ImportReporter & { stop(): void } {
  if (!useBars) {
    return {
      start: (file) => console.error(`${displayName(file)}: reading…`),
      rows: () => {},
      saving: (file, rows) =>
        console.error(`${displayName(file)}: ${rows.toLocaleString("en-GB")} rows read, saving…`),
      done: (outcome) => console.error(`${outcome.file}: ${outcome.status}`),
      stop: () => {},
    };
  }
  const bars = new MultiBar(
    {
      format: " {bar} {file} · {rows} rows read · {phase}",
      hideCursor: true,
      clearOnComplete: false,
      barsize: 24,
    },
    Presets.shades_classic,
  );
  const active = new Map<string, SingleBar>();
  const update = (file: string, rows: number, phase: string, finished = false) => {
    const bar = active.get(file);
    if (!bar) return;
    if (finished || rows > bar.getTotal()) bar.setTotal(Math.max(rows, 1));
    bar.update(finished ? Math.max(rows, 1) : rows, { rows: rows.toLocaleString("en-GB"), phase });
  };
  return {
    start: (file) => {
      active.set(
        file,
        bars.create(estimateRows(file), 0, { file: displayName(file), rows: "0", phase: "reading" }),
      );
    },
    rows: (file, rows) => update(file, rows, "reading"),
    saving: (file, rows) => update(file, rows, "saving", true),
    done: (outcome) => {
      for (const [file, bar] of active) {
        if (displayName(file) !== outcome.file) continue;
        update(file, outcome.rows ?? 0, outcome.status, true);
        bar.stop();
        active.delete(file);
      }
    },
    stop: () => bars.stop(),
  };
}

async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name("npm run import --")
    .description("Import NHS Drug Tariff files (CSV, XLSX, .csv.gz), concession pages and dm+d releases.")
    .argument("<files...>", "files or folders to import")
    .addOption(new Option("--part <part>", "the part, when the file does not say").argParser(parsePart))
    .addOption(
      new Option("--period <YYYY-MM>", "the month, when the file does not say").argParser(parsePeriodOption),
    )
    .addOption(new Option("--edition <ew|ni>", "England & Wales or Northern Ireland").argParser(parseEdition))
    .option("--json", "print one JSON line per file instead of progress bars and a table")
    .option(
      "--actor <name>",
      "who or what runs the import, for the record",
      `cli:${os.userInfo().username}@${os.hostname()}`,
    )
    .showHelpAfterError();
  const ended = parseCommandLine(program, argv);
  if (ended !== undefined) return ended;
  const options = program.opts<{
    part?: PartId;
    period?: string;
    edition?: Edition;
    json?: boolean;
    actor: string;
  }>();
  const missing = program.args.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.error(`No such file or folder: ${missing.join(", ")}`);
    return 2;
  }
  const files = expandFiles(program.args.map((file) => path.resolve(file)));

  const env = parseEnv(process.env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onRetry: (message) => console.error(message),
  });
  const reporter = createReporter(!options.json && Boolean(process.stderr.isTTY));
  let outcomes: ImportOutcome[];
  try {
    await migrateDatabase(database.db);
    outcomes = await runImports(database.db, files, {
      actor: options.actor,
      overrides: { part: options.part, period: options.period, edition: options.edition },
      reporter: options.json
        ? {
            ...reporter,
            done: (outcome) => {
              reporter.done(outcome);
              process.stdout.write(`${JSON.stringify(outcome)}\n`);
            },
          }
        : reporter,
    });
    if (outcomes.some((outcome) => outcome.status === "imported")) {
      reporter.stop();
      await prepareLists(database.url, options.json);
    }
  } finally {
    reporter.stop();
    await database.close();
  }
  return finishImportCommand(outcomes, options.json);
}

/**
 * After a month is stored: every list's first view built here and kept in the database for the web
 * processes (ADR 227), so the product, if it is serving, answers the new month from what this command
 * built instead of building it in a web process while it serves. A failure here loses nothing: a
 * web process builds what is missing when it is first asked.
 */
async function prepareLists(databaseUrl: string, json: boolean | undefined): Promise<void> {
  const say = (message: string) => {
    if (!json) console.error(message);
  };
  say("Preparing the lists' first views for the web processes…");
  const started = performance.now();
  await import("./lib/no-server-only.mjs");
  // The list modules read the database through getDb(), which follows DATABASE_URL.
  process.env.DATABASE_URL = databaseUrl;
  const { prepareListViews } = await import("../src/features/tariff/prepared-lists");
  try {
    const views = await prepareListViews();
    say(`${views} list views ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    say(
      `The lists' first views were not prepared (${(error as Error).message}); the product builds them when asked.`,
    );
  } finally {
    await closeDb();
  }
}

runImportCommand(main);
