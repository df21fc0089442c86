import { figure, say, table, verdicts } from "../report";
import { vitest, vitestOutcomes, type SecurityRun } from "../runners";

/** CSV injection: cells a spreadsheet could run as formulas, through the one CSV writer. */
export async function csvStep(security: SecurityRun) {
  const { code, report } = await vitest(security, "csv", ["src/components/data-table/csv.test.ts"], {});
  const figures = figure<{
    cases: { cell: string; how: string; written: string; neutralised: boolean }[];
    numbers: { cell: string; written: string; keptNumber: boolean }[];
  }>("csv-injection");
  const cases = figures?.cases ?? [];
  const numbers = figures?.numbers ?? [];
  // Spaces and full-width signs written as escapes, so the table shows what each cell holds.
  const shown = (text: string) =>
    JSON.stringify(text).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
  say("\n## CSV injection: cells a spreadsheet could run, through the one CSV writer\n");
  table(
    ["cell", "how it would run", "read back from the file", "result"],
    [
      ...cases.map((row) => [
        shown(row.cell),
        row.how,
        shown(row.written),
        row.neutralised ? "defused" : "NOT DEFUSED",
      ]),
      ...numbers.map((row) => [
        shown(row.cell),
        "none: a figure",
        shown(row.written),
        row.keptNumber ? "kept a number" : "NOT KEPT A NUMBER",
      ]),
    ],
  );
  const defused = cases.filter((row) => row.neutralised).length;
  const kept = numbers.filter((row) => row.keptNumber).length;
  const tests = vitestOutcomes(report);
  const failed = tests.filter((test) => test.status !== "passed");
  say(
    `\nCSV injection: ${defused} of ${cases.length} cells defused, ${kept} of ${numbers.length} figures kept numbers; ${tests.length - failed.length} of ${tests.length} tests of the writer passed.`,
  );
  for (const test of failed) say(`  failed: ${test.fullName}`);
  verdicts.push({
    step: "csv",
    ok:
      code === 0 &&
      cases.length > 0 &&
      defused === cases.length &&
      kept === numbers.length &&
      failed.length === 0,
    note: `${defused}/${cases.length} defused`,
  });
}
