import path from "node:path";

/**
 * The names of the tests that failed, from the JSON reports of Vitest and Playwright, so that the end
 * of a run (and of CI's log, which may keep only its tail) says which ones to look at.
 */

export type VitestReport = {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string }[];
  }[];
};

/** "file › test" for each failed test, and "file: did not run (…)" for a file that failed to load. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${name} › ${test.fullName}`);
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
    tests: { projectName: string; status: string }[];
  }[];
  suites?: PlaywrightSuite[];
};

export type PlaywrightReport = { suites?: PlaywrightSuite[] };

/** "file:line › test [project]" for each test that failed, or passed only when retried. */
export function playwrightFailures(report: PlaywrightReport): string[] {
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected" || test.status === "flaky")
          failures.push(
            `${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]${test.status === "flaky" ? " (flaky)" : ""}`,
          );
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return failures;
}
