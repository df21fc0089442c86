import path from "node:path";

/**
 * The names of the tests that failed, from the JSON reports of Vitest and Playwright, each with what
 * failed in one line, so that the end of a run (and of CI's log, which may keep only its tail) says
 * which ones to look at and why.
 */

/** Terminal colour codes, which the reports keep in their messages. */
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * What an error says, in one line: its first line, the locator it waited on (Playwright says which
 * element on a line of its own) and where it was thrown; at most 240 characters.
 */
export function errorLine(message: string | undefined, at?: { file: string; line: number }): string {
  const lines = (message ?? "")
    .replace(colours, "")
    .split("\n")
    .map((line) => line.trim());
  const first = lines.find((line) => line !== "");
  if (!first) return "";
  const locator = lines.find((line) => line.startsWith("Locator:"));
  const where = at ? ` at ${path.basename(at.file)}:${at.line}` : "";
  const text = `${first}${locator ? ` (${locator})` : ""}${where}`;
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

const withError = (name: string, error: string) => (error ? `${name}: ${error}` : name);

export type VitestReport = {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

/** "file › test: error" for each failed test, and "file: did not run (…)" for a file that failed to load. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed)
      failures.push(withError(`${name} › ${test.fullName}`, errorLine(test.failureMessages?.[0])));
    if (failed.length === 0 && file.status === "failed")
      failures.push(`${name}: did not run (${(file.message ?? "").split("\n")[0]!.slice(0, 160)})`);
  }
  return failures;
}

type PlaywrightSuite = {
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results?: { error?: { message?: string; location?: { file: string; line: number } } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
};

export type PlaywrightReport = { suites?: PlaywrightSuite[] };

/** "file:line › test [project]: error" for each test that failed, or passed only when retried. */
export function playwrightFailures(report: PlaywrightReport): string[] {
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected" || test.status === "flaky") {
          const name = `${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`;
          // The first failed try's error: a flaky test's last try passed.
          const error = test.results?.find((result) => result.error)?.error;
          failures.push(
            withError(
              `${name}${test.status === "flaky" ? " (flaky)" : ""}`,
              errorLine(error?.message, error?.location),
            ),
          );
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return failures;
}
