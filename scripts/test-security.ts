import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import {
  allSteps,
  figuresDir,
  out,
  root,
  say,
  verdicts,
  writeReport,
  type StepName,
} from "./security/report";
import type { Outcome, SecurityRun } from "./security/runners";
import { abuseStep } from "./security/steps/abuse";
import { csvStep } from "./security/steps/csv";
import { fetchStep } from "./security/steps/fetch";
import { killStep } from "./security/steps/kill";
import { seatStep } from "./security/steps/seats";
import { sqlmapStep } from "./security/steps/sqlmap";
import { uploadsStep } from "./security/steps/uploads";
import { xssStep } from "./security/steps/xss";

/**
 * `npm run test:security`: the security evidence, with its figures (docs/security.md
 * records them). Not part of `npm test`: it runs for a quarter of an hour or more. Steps, each of
 * which can be chosen with `--only=a,b`:
 *
 *   abuse   the tests of the abuse cases of docs/security.md, on a real PostgreSQL: a table case → test → result
 *   otp     (with abuse) guesses at an e-mailed code per address and hour
 *   seats   the seat race: SEAT_RACE_ROUNDS (default 1,000) rounds of 20 concurrent adds for the last seat
 *   kill    kill -9 during a real Part IX import, and of the app server during a webhook and an
 *           add-member; PostgreSQL stopped mid-request, on a private cluster (tests/security/*.test.ts)
 *   xss     50 XSS payloads through URL parameters, text inputs and an imported file (Playwright)
 *   sqlmap  sqlmap against every route that takes input, on a server of its own
 *   fetch   what the fetchers may reach and bring back: hosts, redirects, addresses, file names,
 *           size and time limits, against a stand-in publisher on 127.0.0.1 and another host on
 *           127.0.0.2 (ADR 170)
 *   csv     CSV injection: cells a spreadsheet could run as formulas, through the one CSV writer
 *   uploads decompression bombs and each upload kind's limits: a real server capped at 192 MB of heap
 *           (tests/security/upload-bombs.test.ts) and the readers' and routes' tests (docs/security.md, "Uploads")
 *
 * Needs PostgreSQL at CI_POSTGRES_URL (default 127.0.0.1:5432, as scripts/ci-database.mjs), Debian's
 * chromium, and sqlmap (`apt-get install sqlmap`). Writes everything to .test-results/security/.
 */
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(figuresDir, { recursive: true });

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const steps = new Set<StepName>(only ? (only.split(",") as StepName[]) : allSteps);

// ---- a throwaway database on the real PostgreSQL server -------------------------------------------
const dbName = `tariffscope_security_${process.pid}`;
function ciDatabase(action: "create" | "drop"): string | undefined {
  const result = spawnSync(process.execPath, ["scripts/ci-database.mjs", action, dbName], {
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.error(result.stderr.trim());
    return undefined;
  }
  return result.stdout.trim();
}
const needsServer = steps.has("abuse") || steps.has("seats") || steps.has("kill") || steps.has("uploads");
const databaseUrl = needsServer ? ciDatabase("create") : undefined;
if (needsServer && !databaseUrl) {
  console.error("test:security needs a PostgreSQL server (CI_POSTGRES_URL, default 127.0.0.1:5432).");
  process.exit(1);
}
process.on("exit", () => {
  if (databaseUrl) ciDatabase("drop");
});

const security: SecurityRun = { steps, databaseUrl };
let browserOutcomes: Outcome[] = [];
let killOutcomes: Outcome[] = [];
say(`# npm run test:security, ${new Date().toISOString()}`);
if (steps.has("fetch")) await fetchStep(security);
if (steps.has("xss")) browserOutcomes = await xssStep();
// The kill step's tests are among abuse case 15's, so it runs before the abuse step.
if (steps.has("kill")) killOutcomes = await killStep(security);
if (steps.has("abuse")) await abuseStep(security, [...browserOutcomes, ...killOutcomes]);
if (steps.has("seats")) await seatStep(security);
if (steps.has("sqlmap")) await sqlmapStep();
if (steps.has("csv")) await csvStep(security);
if (steps.has("uploads")) await uploadsStep(security);

say("\n## Summary\n");
for (const verdict of verdicts) say(`${verdict.ok ? "PASS" : "FAIL"}  ${verdict.step}: ${verdict.note}`);
const report = writeReport();
say(`\nReport: ${path.relative(root, report)}`);
process.exitCode = verdicts.every((verdict) => verdict.ok) ? 0 : 1;
