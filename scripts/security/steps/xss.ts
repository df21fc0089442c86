import fs from "node:fs";
import path from "node:path";

import { dataDir, figuresDir, out, port, readJson, say, table, verdicts } from "../report";
import { binOf, playwrightOutcomes, run, type Outcome } from "../runners";

/**
 * 50 XSS payloads through URL parameters, text inputs and an imported file, in the browser tests of
 * `playwright.security.config.ts` (which also hold the browser tests of abuse cases 9 and 11).
 * Returns every browser test's outcome, for the abuse cases' table.
 */
export async function xssStep(): Promise<Outcome[]> {
  const report = path.join(out, "playwright.json");
  const code = await run(
    process.execPath,
    [binOf("@playwright/test", "cli.js"), "test", "--config", "playwright.security.config.ts"],
    {
      PLAYWRIGHT_JSON_REPORT: report,
      SECURITY_FIGURES_DIR: figuresDir,
      E2E_PORT: port,
      E2E_DATA_DIR: dataDir,
    },
  );
  const browserOutcomes = playwrightOutcomes(readJson(report));
  const xss = fs
    .readdirSync(figuresDir)
    .filter((file) => file.startsWith("xss-"))
    .map((file) =>
      readJson<{ surface: string; renders: number; payloads: number; ran: number; stored?: number }>(
        path.join(figuresDir, file),
      )!,
    );
  say("\n## XSS: 50 payloads through URL parameters, text inputs and an imported file\n");
  table(
    ["surface", "payloads", "pages checked", "ran / dialogs / live markup"],
    xss.map((row) => [
      row.surface + (row.stored !== undefined ? ` (${row.stored} stored)` : ""),
      String(row.payloads),
      String(row.renders),
      String(row.ran),
    ]),
  );
  const xssTests = browserOutcomes.filter((test) => test.file.endsWith("xss.spec.ts"));
  const failed = xssTests.filter((test) => test.status !== "passed");
  say(
    `\nXSS: ${xssTests.length - failed.length} of ${xssTests.length} surfaces inert, ${xss.reduce((n, row) => n + row.renders, 0)} pages checked.`,
  );
  for (const test of failed) say(`  not inert or not run: ${test.fullName}`);
  verdicts.push({
    step: "xss",
    ok: code === 0 && failed.length === 0 && xssTests.length > 0,
    note: `${xssTests.length} surfaces`,
  });
  return browserOutcomes;
}
