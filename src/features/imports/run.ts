import fs from "node:fs";
import path from "node:path";

import type { Database } from "@/db/client";

import { isDmdFile } from "./parsers/dmd";
import { importFile, type ImportOutcome } from "./service";
import type { Overrides } from "./types";

/**
 * Files and folders as an operator names them → the files to import, in order. A folder stands for
 * the files in it. The members of a dm+d release are one import, so only one of them is kept (its
 * `f_ampp2` file, which the release is named by).
 */
export function expandFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const given of paths) {
    const stat = fs.statSync(given, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      for (const name of fs.readdirSync(given).sort()) {
        const file = path.join(given, name);
        if (fs.statSync(file).isFile() && !name.startsWith(".")) files.push(file);
      }
    } else files.push(given);
  }
  const releases = new Set<string>();
  return files.filter((file) => {
    if (!isDmdFile(file)) return true;
    const folder = path.resolve(path.dirname(file));
    if (releases.has(folder)) return false;
    releases.add(folder);
    return true;
  });
}

/** What a caller shows while files are imported: a progress bar, log lines, nothing. */
export type ImportReporter = {
  start(file: string): void;
  rows(file: string, rows: number): void;
  saving(file: string, rows: number): void;
  done(outcome: ImportOutcome): void;
};

/** Imports files one after another, each in its own transaction; one bad file never stops the rest. */
export async function runImports(
  db: Database,
  files: string[],
  options: { actor: string; overrides?: Overrides; reporter: ImportReporter },
): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const file of files) {
    const { reporter } = options;
    let rowsRead = 0;
    reporter.start(file);
    const outcome = await importFile(db, file, {
      actor: options.actor,
      overrides: options.overrides,
      onRows: (rows) => {
        rowsRead = rows;
        reporter.rows(file, rows);
      },
      onSaving: () => reporter.saving(file, rowsRead),
    });
    reporter.done(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

function truncate(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** The summary table printed after an import run. */
export function formatSummary(outcomes: ImportOutcome[]): string {
  const header = ["File", "Edition", "Part", "Period", "Rows", "Status", "Message"];
  const rows = outcomes.map((outcome) => [
    truncate(outcome.file, 48),
    outcome.edition ?? "",
    outcome.part ?? "",
    outcome.period ?? "",
    outcome.rows === null ? "" : outcome.rows.toLocaleString("en-GB"),
    outcome.status,
    truncate(outcome.message.split("\n")[0]!, 70),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  const counts = (["imported", "unchanged", "rejected"] as const).map(
    (status) => `${outcomes.filter((outcome) => outcome.status === status).length} ${status}`,
  );
  return [
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
    counts.join(", "),
  ].join("\n");
}
