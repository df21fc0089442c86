import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import {
  playwrightFailures,
  vitestFailures,
  type PlaywrightReport,
  type VitestReport,
} from "./lib/test-failures";

/**
 * `npm test`: lint, Prettier's check and the type check, then every Vitest project (unit,
 * components, integration), then the Playwright journeys against a production build. Prints one plain `N passed, N failed`
 * line and writes it to TEST_SUMMARY_FILE (for .ci/run, which adds up several runs). E2E=0 skips
 * the browser tests. DATABASE_TESTS_ONLY=1 runs only the tests whose outcome depends on the
 * database (Vitest's integration project): lint, formatting, unit and component tests never read
 * it, so a second run on another database repeats just these.
 */
const databaseTestsOnly = process.env.DATABASE_TESTS_ONLY === "1";
const require = createRequire(import.meta.url);
const resultsDir = path.resolve(".test-results");
fs.mkdirSync(resultsDir, { recursive: true });

/** A package's command-line entry, found through its package.json (its exports hide the file itself). */
function binOf(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

/** A step of the run: its counts, and the names of the tests that failed. */
type Step = { name: string; passed: number; failed: number; failures: string[] };

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], {
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** A check that passes or fails as a whole: one test in the count. */
async function check(name: string, command: string, args: string[], tool: string): Promise<Step> {
  const code = await run(command, args);
  return {
    name,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    failures: code === 0 ? [] : [`${name} (${tool}'s messages are above)`],
  };
}

const lint = () => check("lint", binOf("eslint", "bin/eslint.js"), [".", "--max-warnings=0"], "eslint");
/** Every file as Prettier writes it (`npm run format` fixes them). */
const format = () => check("format", binOf("prettier", "bin/prettier.cjs"), ["--check", "."], "prettier");

async function vitest(): Promise<Step> {
  const report = path.join(resultsDir, "vitest.json");
  fs.rmSync(report, { force: true });
  const args = databaseTestsOnly ? ["run", "--project", "integration"] : ["run"];
  const code = await run(binOf("vitest", "vitest.mjs"), args, { VITEST_JSON_REPORT: report });
  const json = readJson<
    { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number } & VitestReport
  >(report);
  if (!json) return { name: "vitest", passed: 0, failed: 1, failures: ["vitest (it wrote no report)"] };
  // A file that fails to load has no tests to count but is still a failure.
  const failed =
    json.numFailedTests +
    (code !== 0 && json.numFailedTests === 0 ? Math.max(1, json.numFailedTestSuites) : 0);
  return {
    name: "vitest",
    passed: json.numPassedTests,
    failed,
    failures: vitestFailures(json, process.cwd()),
  };
}

async function playwright(): Promise<Step> {
  const report = path.join(resultsDir, "playwright.json");
  fs.rmSync(report, { force: true });
  const code = await run(binOf("@playwright/test", "cli.js"), ["test"], { PLAYWRIGHT_JSON_REPORT: report });
  const json = readJson<
    { stats: { expected: number; unexpected: number; flaky: number } } & PlaywrightReport
  >(report);
  if (!json)
    return { name: "playwright", passed: 0, failed: 1, failures: ["playwright (it wrote no report)"] };
  const failed =
    json.stats.unexpected + json.stats.flaky + (code !== 0 && json.stats.unexpected === 0 ? 1 : 0);
  return { name: "playwright", passed: json.stats.expected, failed, failures: playwrightFailures(json) };
}

/** Every file type-checked, tests and scripts included (the build checks only what it bundles). */
const typecheck = () => check("typecheck", binOf("typescript", "bin/tsc"), ["--noEmit", "-p", "."], "tsc");

const steps: Step[] = databaseTestsOnly
  ? [await vitest()]
  : [await lint(), await format(), await typecheck(), await vitest()];
if (process.env.E2E === "0" || databaseTestsOnly) console.log("\nBrowser tests skipped.");
else steps.push(await playwright());

const passed = steps.reduce((sum, step) => sum + step.passed, 0);
const failed = steps.reduce((sum, step) => sum + step.failed, 0);
const failures = steps.flatMap((step) => step.failures);
console.log("");
if (failures.length > 0) console.log(`Failed:\n${failures.map((name) => `  ${name}`).join("\n")}\n`);
for (const step of steps) console.log(`${step.name}: ${step.passed} passed, ${step.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
if (process.env.TEST_SUMMARY_FILE)
  fs.writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ passed, failed, failures, steps }));
process.exit(failed > 0 ? 1 : 0);
