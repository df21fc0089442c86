import { formatSummary } from "../../src/features/imports/run";
import type { ImportOutcome } from "../../src/features/imports/service";

/**
 * The end of `npm run import` and `npm run fetch`: without `--json`, the summary table and why each
 * rejected file was rejected; the exit code is 1 when anything was rejected.
 */
export function finishImportCommand(outcomes: ImportOutcome[], json: boolean | undefined): number {
  if (!json) {
    console.log(`\n${formatSummary(outcomes)}`);
    for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) {
      console.log(`\n${outcome.file} was rejected:\n${outcome.message}`);
    }
  }
  return outcomes.some((outcome) => outcome.status === "rejected") ? 1 : 0;
}

/** Problems an operator can fix: one clear message, no stack trace. */
const explained = new Set(["EnvError", "DataDirInUseError", "DatabaseUnreachableError"]);

/** Runs a command's `main` and exits with its code, or with 1 and a clear message when it throws. */
export function runImportCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(explained.has(error.name) ? error.message : error);
      process.exit(1);
    },
  );
}
