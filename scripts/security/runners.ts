import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

import type { CaseTest } from "./abuse-cases";
import { figuresDir, out, readJson, root, type StepName } from "./report";

const require = createRequire(import.meta.url);

/** What every step is given: the steps chosen for this run, and the throwaway database if one was made. */
export type SecurityRun = { steps: ReadonlySet<StepName>; databaseUrl: string | undefined };

export function binOf(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

export function run(command: string, args: string[], env: Record<string, string> = {}, quiet = false) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? "ignore" : "inherit",
      env: { ...process.env, ...env },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export type VitestReport = {
  testResults: {
    name: string;
    assertionResults: { fullName: string; title: string; status: string; ancestorTitles: string[] }[];
  }[];
};

export async function vitest(
  security: SecurityRun,
  name: string,
  files: string[],
  env: Record<string, string>,
  extra: string[] = [],
) {
  const report = path.join(out, `${name}.vitest.json`);
  const code = await run(process.execPath, [binOf("vitest", "vitest.mjs"), "run", ...extra, ...files], {
    DATABASE_URL: security.databaseUrl ?? "",
    SECURITY_FIGURES_DIR: figuresDir,
    VITEST_JSON_REPORT: report,
    ...env,
  });
  return { code, report: readJson<VitestReport>(report) };
}

export type Outcome = { file: string; fullName: string; status: string };

export function vitestOutcomes(report: VitestReport | undefined): Outcome[] {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults.map((test) => ({
      file: path.relative(root, file.name),
      fullName: [...test.ancestorTitles, test.title].join(" > "),
      status: test.status,
    })),
  );
}

type PlaywrightSuite = {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[];
};

export function playwrightOutcomes(report: { suites: PlaywrightSuite[] } | undefined): Outcome[] {
  const outcomes: Outcome[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        outcomes.push({
          file: spec.file.startsWith("tests/") ? spec.file : `tests/${spec.file}`,
          fullName: [...titles, spec.title, `[${test.projectName}]`].join(" > "),
          status: test.status === "expected" ? "passed" : test.status === "skipped" ? "skipped" : "failed",
        });
    for (const child of suite.suites ?? [])
      walk(child, suite.file === suite.title ? titles : [...titles, suite.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return outcomes;
}

/** How the tests a case names fared: `name` is a part of a test's full name in `file`. */
export function resultsOf(test: CaseTest, outcomes: Outcome[]) {
  const matched = outcomes.filter((o) => o.file === test.file && o.fullName.includes(test.name));
  return {
    matched: matched.length,
    passed: matched.filter((o) => o.status === "passed").length,
    failed: matched.filter((o) => o.status === "failed").length,
  };
}
