import nextEnv from "@next/env";
import { Command } from "commander";

import { closeDb } from "../src/db/client";
import { openDatabase } from "../src/db/connect";
import { migrateDatabase } from "../src/db/migrate";
import {
  reconcileSubscriptions,
  type LicenceOutcome,
  type ReconcileReport,
} from "../src/features/billing/reconcile";
import { parseEnv } from "../src/lib/env";
import { parseCommandLine } from "./lib/command-line";

/**
 * `npm run billing:reconcile`: one pass of the daily reconciliation now, whether or not `npm start` is
 * running: every licence compared with its subscription at the payment provider, drift repaired, and
 * each finding printed. `--dry-run` only reports. Exit code 1 when a licence could not be checked.
 */
const log = (message: string) => console.log(`[reconcile] ${message}`);

function name(outcome: LicenceOutcome): string {
  return `${outcome.organisation ?? "Licence"} (licence ${outcome.licenceId}, subscription ${outcome.subscriptionId})`;
}

function changes(outcome: LicenceOutcome): string {
  return outcome.changes.map((change) => `${change.field} ${change.from} → ${change.to}`).join("; ");
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function print(report: ReconcileReport, dryRun: boolean): void {
  for (const outcome of report.drifted)
    log(`${name(outcome)}: ${dryRun ? "would repair" : "repaired"}: ${changes(outcome)}`);
  for (const outcome of report.missing)
    log(`${name(outcome)}: subscription not found at ${report.provider}; left as it is`);
  for (const outcome of report.failed) log(`${name(outcome)}: could not be checked: ${outcome.error}`);
  log(
    `Checked ${plural(report.checked, "licence")} against ${report.provider}: ` +
      `${report.inStep} in step, ${report.drifted.length} ${dryRun ? "to repair" : "repaired"}, ` +
      `${report.missing.length} not found there, ${report.failed.length} failed.`,
  );
  if (report.otherProvider > 0)
    log(`${plural(report.otherProvider, "licence")} paid through another provider left alone.`);
}

async function main(argv: string[]): Promise<number> {
  nextEnv.loadEnvConfig(process.cwd());
  const env = parseEnv(process.env);
  const program = new Command()
    .name("npm run billing:reconcile --")
    .option("--dry-run", "report drift without repairing it");
  const ended = parseCommandLine(program, argv);
  if (ended !== undefined) return ended;
  const { dryRun = false } = program.opts<{ dryRun?: boolean }>();

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, onRetry: log });
  // The billing code reads the database through getDb(), which follows DATABASE_URL.
  process.env.DATABASE_URL = database.url;
  try {
    await migrateDatabase(database.db);
    const report = await reconcileSubscriptions({ repair: !dryRun });
    print(report, dryRun);
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    await closeDb();
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
