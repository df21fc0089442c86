import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { abuseCases, type CaseTest } from "./security/abuse-cases";
import { fetchCaseFiles, fetchCases } from "./security/fetch-cases";

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
const require = createRequire(import.meta.url);
const root = process.cwd();
const out = path.resolve(process.env.SECURITY_OUT ?? ".test-results/security");
const figuresDir = path.join(out, "figures");
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(figuresDir, { recursive: true });

const allSteps = ["abuse", "seats", "kill", "xss", "sqlmap", "fetch", "csv", "uploads"] as const;
type StepName = (typeof allSteps)[number];
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const steps = new Set<StepName>(only ? (only.split(",") as StepName[]) : allSteps);
const seatRounds = process.env.SEAT_RACE_ROUNDS ?? "1000";
const port = process.env.E2E_PORT ?? "3190";
/**
 * sqlmap's settings, chosen so that every route is tested to the end on two shared cores:
 * level 1 tests the parameters we name (level 2 adds the cookies, here only the session token,
 * which no query reads); boolean-blind, error-based, UNION and inline-query techniques (B, E, U, Q)
 * everywhere. Time-based and stacked-query techniques (T, S) judge by response times: on a loaded
 * machine they are slow and unreliable, so they run only on the routes whose answer shows nothing of
 * a query's result (Better Auth's JSON endpoints, the beacon, the unsubscribe POST), where
 * only timing could tell. `SQLMAP_LEVEL` and `SQLMAP_TECHNIQUE` override them for every route.
 */
const sqlmapLevel = process.env.SQLMAP_LEVEL ?? "1";
const sqlmapTechnique = process.env.SQLMAP_TECHNIQUE;
/** Each route gets this long; a route still being tested then is reported as such, not as clean. */
const sqlmapSeconds = Number(process.env.SQLMAP_SECONDS ?? 300);
const dataDir = process.env.E2E_DATA_DIR ?? ".data-security";

function binOf(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

function run(command: string, args: string[], env: Record<string, string> = {}, quiet = false) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? "ignore" : "inherit",
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

function figure<T = Record<string, unknown>>(name: string): T | undefined {
  return readJson<T>(path.join(figuresDir, `${name}.json`));
}

const lines: string[] = [];
function say(line = "") {
  console.log(line);
  lines.push(line);
}
function table(header: string[], rows: string[][]) {
  say(`| ${header.join(" | ")} |`);
  say(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) say(`| ${row.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`);
}

const verdicts: { step: string; ok: boolean; note: string }[] = [];

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

type VitestReport = {
  testResults: {
    name: string;
    assertionResults: { fullName: string; title: string; status: string; ancestorTitles: string[] }[];
  }[];
};

async function vitest(name: string, files: string[], env: Record<string, string>, extra: string[] = []) {
  const report = path.join(out, `${name}.vitest.json`);
  const code = await run(process.execPath, [binOf("vitest", "vitest.mjs"), "run", ...extra, ...files], {
    DATABASE_URL: databaseUrl ?? "",
    SECURITY_FIGURES_DIR: figuresDir,
    VITEST_JSON_REPORT: report,
    ...env,
  });
  return { code, report: readJson<VitestReport>(report) };
}

type Outcome = { file: string; fullName: string; status: string };

function vitestOutcomes(report: VitestReport | undefined): Outcome[] {
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

function playwrightOutcomes(report: { suites: PlaywrightSuite[] } | undefined): Outcome[] {
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

// ---- xss (and the browser tests of abuse cases 9 and 11) --------------------------------------------
let browserOutcomes: Outcome[] = [];
async function xssStep() {
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
  browserOutcomes = playwrightOutcomes(readJson(report));
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
}

// ---- abuse cases -----------------------------------------------------------------------------------
/** How the tests a case names fared: `name` is a part of a test's full name in `file`. */
function resultsOf(test: CaseTest, outcomes: Outcome[]) {
  const matched = outcomes.filter((o) => o.file === test.file && o.fullName.includes(test.name));
  return {
    matched: matched.length,
    passed: matched.filter((o) => o.status === "passed").length,
    failed: matched.filter((o) => o.status === "failed").length,
  };
}

/** The step that runs a test file of an abuse case when the abuse step does not: browser tests, slow ones. */
function stepOf(file: string): StepName | undefined {
  if (file.endsWith(".spec.ts")) return "xss";
  if (file.startsWith("tests/security/")) return "kill";
  return undefined;
}

async function abuseStep() {
  const files = [...new Set(abuseCases.flatMap((c) => c.tests.map((t) => t.file)))].filter(
    (file) => !stepOf(file),
  );
  const { code, report } = await vitest("abuse", files, { SEAT_RACE_ROUNDS: "50" });
  const outcomes = [...vitestOutcomes(report), ...browserOutcomes, ...killOutcomes];
  say(`\n## The ${abuseCases.length} abuse cases of docs/security.md\n`);
  const rows: string[][] = [];
  let casesOk = 0;
  for (const abuse of abuseCases) {
    let caseOk = true;
    for (const test of abuse.tests) {
      const { matched, passed, failed } = resultsOf(test, outcomes);
      const step = stepOf(test.file);
      const elsewhere = !!step && !steps.has(step);
      const result =
        matched === 0
          ? elsewhere
            ? `run by the ${step} step`
            : "NOT FOUND"
          : failed > 0
            ? `FAILED (${failed} of ${matched})`
            : passed === 0
              ? `skipped (${matched})`
              : `refused (${passed} test${passed > 1 ? "s" : ""} passed)`;
      if (failed > 0 || (matched === 0 && !elsewhere) || (matched > 0 && passed === 0)) caseOk = false;
      rows.push([String(abuse.id), abuse.title, `${test.file}: ${test.name || "(all)"}`, result]);
    }
    if (abuse.gaps) rows.push([String(abuse.id), "", `not covered: ${abuse.gaps}`, "gap"]);
    if (caseOk) casesOk += 1;
  }
  table(["case", "abuse", "test", "result"], rows);
  say(
    `\nAbuse cases: ${casesOk} of ${abuseCases.length} refused by every test mapped to them (exit code ${code}).`,
  );
  verdicts.push({
    step: "abuse cases",
    ok: code === 0 && casesOk === abuseCases.length,
    note: `${casesOk}/${abuseCases.length}`,
  });

  const greedy = figure<{ guessesPerClockHour: number[]; worstSixtyMinuteSpan: number }>("otp-greedy");
  const edge = figure<{ worstSixtyMinuteSpan: number }>("otp-window-edge");
  say("\n## Guesses at an e-mailed code, per address\n");
  if (greedy && edge) {
    say(`Greedy attacker (new code whenever allowed, fresh client address per request, 3 simulated hours):`);
    say(
      `  guesses per clock hour: ${greedy.guessesPerClockHour.join(", ")}; worst 60-minute span: ${greedy.worstSixtyMinuteSpan}`,
    );
    say(
      `Attacker who times the edge of the first code's hour: worst 60-minute span: ${edge.worstSixtyMinuteSpan}`,
    );
    verdicts.push({
      step: "otp guesses",
      ok:
        Math.max(...greedy.guessesPerClockHour, greedy.worstSixtyMinuteSpan, edge.worstSixtyMinuteSpan) <= 15,
      note: `${Math.max(...greedy.guessesPerClockHour)}/clock hour, worst 60 minutes ${Math.max(greedy.worstSixtyMinuteSpan, edge.worstSixtyMinuteSpan)}`,
    });
  } else {
    say("OTP figures missing (tests/integration/otp-guessing.test.ts did not record them).");
    verdicts.push({ step: "otp guesses", ok: false, note: "no figures" });
  }
}

// ---- seat race ----------------------------------------------------------------------------------------
async function seatStep() {
  const { code } = await vitest(
    "seats",
    ["src/features/licences/seat-race.integration.test.ts"],
    { SEAT_RACE_ROUNDS: seatRounds },
    ["-t", "goes to exactly one of them"],
  );
  const race = figure<{
    rounds: number;
    concurrentAdds: number;
    overruns: number;
    roundsWithoutExactlyOneWinner: number;
    seconds: number;
  }>("seat-race");
  say("\n## Seat race on PostgreSQL\n");
  if (race)
    say(
      `${race.rounds} rounds of ${race.concurrentAdds} concurrent adds for the last seat: ${race.overruns} overruns, ${race.roundsWithoutExactlyOneWinner} rounds without exactly one winner (${race.seconds} s).`,
    );
  else say("No seat-race figure: the test did not run to the end.");
  verdicts.push({
    step: "seat race",
    ok: code === 0 && race?.overruns === 0,
    note: race ? `${race.rounds} rounds, ${race.overruns} overruns` : "no figure",
  });
}

// ---- kill -9 and a stopped database ------------------------------------------------------------------
let killOutcomes: Outcome[] = [];
async function killStep() {
  const { code, report } = await vitest(
    "kill",
    [
      "tests/security/import-kill.test.ts",
      "tests/security/app-kill.test.ts",
      "tests/security/database-stop.test.ts",
    ],
    { KILL_SERVER_PORT: String(Number(port) + 1), DATABASE_STOP_SERVER_PORT: String(Number(port) + 2) },
    ["--config", "vitest.security.config.ts"],
  );
  killOutcomes = vitestOutcomes(report);
  const kill = figure<{
    file: string;
    previousMonthRows: number;
    kills: { delayMs: number; killedWhileSaving: boolean; juneWhole: boolean; julyRows: number }[];
  }>("import-kill");
  say("\n## kill -9 during a real Part IX import\n");
  if (kill) {
    say(
      `Previous month (June 2026, NHSBSA's file): ${kill.previousMonthRows.toLocaleString("en-GB")} rows. ${kill.file} killed with SIGKILL while saving:`,
    );
    table(
      ["killed after saving began", "killed mid-import", "previous month whole", "rows of the killed month"],
      kill.kills.map((k) => [
        `${k.delayMs} ms`,
        k.killedWhileSaving ? "yes" : "no (it had finished)",
        k.juneWhole ? "yes" : "NO",
        String(k.julyRows),
      ]),
    );
  } else say("No figure: the real files are missing or the test failed.");
  verdicts.push({
    step: "kill -9 import",
    ok: code === 0 && !!kill,
    note: kill ? `${kill.kills.length} kills` : "no figure",
  });

  say("\n## kill -9 of the app server, and PostgreSQL stopped mid-request\n");
  const results = killOutcomes.filter((o) => !o.file.endsWith("import-kill.test.ts"));
  table(
    ["test", "result"],
    results.map((o) => [o.fullName, o.status]),
  );
  type AppKill = {
    webhook?: {
      rowsAfterKill: { webhookEvents: number; licences: number };
      restartSeconds: number;
      redeliveries: number[];
      licencesAfter: number;
      eventsStored: number;
    };
    addMember?: {
      afterKill: { memberIn: boolean; seatsUsed: number; seats: number };
      afterRetry: { seatsUsed: number; seats: number };
      anotherInviteeOnTheFullLicence: string;
    };
  };
  const appKill = figure<AppKill>("app-kill");
  const stop = figure<{
    interruptedRequest: { status: number; body: unknown };
    requestWhileDown: number;
    signedInPageWhileDown: number;
    partialWritesAfterRestart: number;
    redeliveryAfterRestart: number;
    eventsStored: number;
  }>("database-stop");
  const { webhook, addMember } = appKill ?? {};
  if (webhook)
    say(
      `\nWebhook killed inside its transaction: after the kill ${webhook.rowsAfterKill.webhookEvents} event rows and ${webhook.rowsAfterKill.licences} licences of it; restarted in ${webhook.restartSeconds} s, redelivered twice (${webhook.redeliveries.join(", ")}; the second a duplicate): ${webhook.licencesAfter} licence, ${webhook.eventsStored} event stored.`,
    );
  if (addMember)
    say(
      `Add-member killed inside its transaction: member in after the kill: ${addMember.afterKill.memberIn ? "YES" : "no"}, seats ${addMember.afterKill.seatsUsed}/${addMember.afterKill.seats}; after the retry ${addMember.afterRetry.seatsUsed}/${addMember.afterRetry.seats}; another invitee on the full licence: ${addMember.anotherInviteeOnTheFullLicence}.`,
    );
  if (stop)
    say(
      `PostgreSQL stopped mid-request (private cluster): the request answered ${stop.interruptedRequest.status} ${JSON.stringify(stop.interruptedRequest.body)}; another while down ${stop.requestWhileDown}, a signed-in page ${stop.signedInPageWhileDown}; ${stop.partialWritesAfterRestart} partial writes after the restart; the redelivery ${stop.redeliveryAfterRestart}, ${stop.eventsStored} event stored.`,
    );
  if (!webhook || !addMember || !stop) say("Some figures are missing: a test failed or was skipped.");
  const passed = results.filter((o) => o.status === "passed").length;
  verdicts.push({
    step: "kill -9 app, database stopped",
    ok: code === 0 && results.length > 0 && passed === results.length,
    note: `${passed} of ${results.length} passed`,
  });
}

// ---- uploads: decompression bombs and each kind's limits --------------------------------------------
/** The tests of docs/security.md's "Uploads" section, besides the real-server bombs. */
const uploadTests = [
  "src/features/imports/xlsx.test.ts",
  "src/features/imports/size-limits.test.ts",
  "tests/integration/margin-upload-routes.test.ts",
  "tests/integration/import-upload-route.test.ts",
  "tests/integration/upload-route-headers.test.ts",
  "tests/integration/changes-feed.test.ts",
];

async function uploadsStep() {
  const bombs = await vitest(
    "uploads-server",
    ["tests/security/upload-bombs.test.ts"],
    { UPLOAD_SERVER_PORT: String(Number(port) + 3) },
    ["--config", "vitest.security.config.ts"],
  );
  const tests = await vitest("uploads", uploadTests, {});
  const outcomes = [...vitestOutcomes(bombs.report), ...vitestOutcomes(tests.report)];
  say("\n## Uploads: decompression bombs and each kind's limits\n");
  type Answer = { status: number; ms: number; riseMb: number; healthMs?: number; healthStatus?: number };
  const figures =
    figure<Record<string, Answer & { statuses?: number[]; slowestMs?: number }>>("upload-bombs");
  if (figures)
    table(
      ["bomb", "answer", "time", "memory rise", "health meanwhile"],
      Object.entries(figures).map(([name, answer]) => [
        name,
        answer.statuses ? answer.statuses.join(", ") : String(answer.status),
        `${answer.slowestMs ?? answer.ms} ms`,
        `${answer.riseMb} MB`,
        answer.healthStatus ? `${answer.healthStatus} in ${answer.healthMs} ms` : "",
      ]),
    );
  else say("No figures: the real-server test did not run to the end.");
  const failed = outcomes.filter((test) => test.status === "failed");
  const passed = outcomes.filter((test) => test.status === "passed").length;
  say(`\nUpload tests: ${passed} passed, ${failed.length} failed.`);
  for (const test of failed) say(`  FAILED: ${test.file}: ${test.fullName}`);
  verdicts.push({
    step: "uploads",
    ok: bombs.code === 0 && tests.code === 0 && !!figures && failed.length === 0 && passed > 0,
    note: `${passed} tests passed${figures ? `, ${Object.keys(figures).length} bombs refused` : ", no figures"}`,
  });
}

// ---- sqlmap -----------------------------------------------------------------------------------------
async function waitForHealth(base: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

async function sqlmapStep() {
  say("\n## sqlmap against every route that takes input\n");
  const which = spawnSync("sqlmap", ["--version"], { encoding: "utf8" });
  if (which.status !== 0) {
    say("sqlmap is not installed (apt-get install -y sqlmap): step not run.");
    verdicts.push({ step: "sqlmap", ok: false, note: "not installed" });
    return;
  }
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      TRUSTED_PROXIES: "127.0.0.1,::1,::ffff:127.0.0.1",
    },
    stdio: "ignore",
    detached: true,
  });
  try {
    if (!(await waitForHealth(base, 600_000))) throw new Error("the server did not start");
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json", "x-forwarded-for": "198.18.200.1" },
      body: JSON.stringify({ email: "delegate@demo.tariffscope.test", password: "tariffscope-demo-1" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    if (!signIn.ok || !cookie) throw new Error(`could not sign in the demo subscriber (${signIn.status})`);
    const json = (data: string) => [
      "--method=POST",
      `--data=${data}`,
      `--headers=Content-Type: application/json\nOrigin: ${base}`,
    ];
    const month = new Date().toISOString().slice(0, 7);
    const targets: { route: string; args: string[]; signedIn?: boolean; blind?: boolean }[] = [
      {
        route: "GET /drug-tariff-parts/partviiia (searchTerm, month, category)",
        args: [
          `-u`,
          `${base}/drug-tariff-parts/partviiia?searchTerm=amlo&month=${month}&category=A`,
          "-p",
          "searchTerm,month,category",
        ],
        signedIn: true,
      },
      {
        route: "GET /api/lists/[id]/rows (id, searchTerm, month, category)",
        // With a `*` in the address sqlmap tests only the marked points: every parameter is marked.
        args: [`-u`, `${base}/api/lists/partviiia*/rows?searchTerm=amlo*&month=${month}*&category=A*`],
        signedIn: true,
      },
      {
        route: "GET /api/insights/[kind]/rows (kind, month, direction, searchTerm)",
        args: [
          `-u`,
          `${base}/api/insights/price-changes-viiia*/rows?month=${month}*&direction=up*&searchTerm=amlo*`,
        ],
        signedIn: true,
      },
      {
        route: "GET /api/watchlists/[id]/rows (id, edition)",
        args: [`-u`, `${base}/api/watchlists/00000000-0000-4000-8000-000000000000*/rows?edition=ew*`],
        signedIn: true,
      },
      {
        route: "GET /insights/price-changes-partviiia (month)",
        args: [`-u`, `${base}/insights/price-changes-partviiia?month=${month}`, "-p", "month"],
        signedIn: true,
      },
      {
        route: "GET /drug-info/[code] signed in (code, from)",
        // A signed-in user's product page has the public address (the app rewrites it).
        args: [`-u`, `${base}/drug-info/1234*?from=%2Fdrug-tariff-parts%2Fpartviiia*`],
        signedIn: true,
      },
      { route: "GET /drug-info/[code]", args: [`-u`, `${base}/drug-info/1234*`] },
      { route: "GET /brand-info/[code]", args: [`-u`, `${base}/brand-info/1234*`] },
      { route: "GET /appliance-info/[code]", args: [`-u`, `${base}/appliance-info/1234*`] },
      { route: "GET /blog/[slug]", args: [`-u`, `${base}/blog/what-is-part-ix*`] },
      { route: "GET /sitemaps/[file]", args: [`-u`, `${base}/sitemaps/drug-info-1*.xml`] },
      {
        route: "GET /account-management/signin (redirect, email)",
        args: [
          `-u`,
          `${base}/account-management/signin?redirect=%2Fdashboard&email=a%40example.test`,
          "-p",
          "redirect,email",
        ],
      },
      {
        route: "GET /account-management/unsubscribe (token)",
        args: [`-u`, `${base}/account-management/unsubscribe?token=abc`, "-p", "token"],
      },
      {
        route: "GET /account-management/delegate-signup (token)",
        args: [
          `-u`,
          `${base}/account-management/delegate-signup?token=abcdefghijklmnopqrstuvwxyz`,
          "-p",
          "token",
        ],
      },
      {
        route: "GET /api/dev/mailbox (to)",
        args: [`-u`, `${base}/api/dev/mailbox?to=a%40example.test`, "-p", "to"],
      },
      {
        route: "POST /api/email/unsubscribe (token)",
        blind: true,
        args: [
          `-u`,
          `${base}/api/email/unsubscribe?token=abc`,
          "--method=POST",
          "--data=List-Unsubscribe=One-Click",
          "-p",
          "token",
        ],
      },
      {
        route: "POST /api/analytics/page-view (path, referrer)",
        blind: true,
        args: [
          `-u`,
          `${base}/api/analytics/page-view`,
          ...json('{"path":"/blog*","referrer":"https://example.test/*"}'),
        ],
      },
      {
        route: "POST /api/auth/sign-in/email (email, password)",
        blind: true,
        args: [
          `-u`,
          `${base}/api/auth/sign-in/email`,
          ...json('{"email":"a@example.test*","password":"not-the-password*"}'),
        ],
      },
      {
        route: "POST /api/auth/email-otp/verify-email (email, otp)",
        blind: true,
        args: [
          `-u`,
          `${base}/api/auth/email-otp/verify-email`,
          ...json('{"email":"a@example.test*","otp":"123456*"}'),
        ],
      },
      {
        route: "POST /api/auth/request-password-reset (email)",
        blind: true,
        args: [
          `-u`,
          `${base}/api/auth/request-password-reset`,
          ...json('{"email":"a@example.test*","redirectTo":"/account-management/update-password"}'),
        ],
      },
      {
        route: "POST /api/portal (body)",
        blind: true,
        args: [`-u`, `${base}/api/portal`, ...json('{"x":"1*"}')],
        signedIn: true,
      },
    ];
    const rows: string[][] = [];
    let clean = 0;
    // `SQLMAP_ROUTES=<pattern>` tests only the routes whose name matches (a rerun of a few).
    const chosen = process.env.SQLMAP_ROUTES ? new RegExp(process.env.SQLMAP_ROUTES) : undefined;
    for (const [index, target] of targets.entries()) {
      if (chosen && !chosen.test(target.route)) continue;
      const outputDir = path.join(out, "sqlmap", String(index));
      const started = Date.now();
      const log = path.join(out, "sqlmap", `${index}.log`);
      fs.mkdirSync(path.dirname(log), { recursive: true });
      const result = spawnSync(
        "sqlmap",
        [
          ...target.args,
          ...(target.signedIn ? [`--cookie=${cookie}`] : []),
          "--batch",
          `--level=${sqlmapLevel}`,
          "--risk=1",
          `--technique=${sqlmapTechnique ?? (target.blind ? "BEUSTQ" : "BEUQ")}`,
          "--threads=4",
          "--time-sec=3",
          "--tamper=xforwardedfor",
          // Unknown codes answer 404 and a wrong password 401: answers to compare, not reasons to stop.
          "--ignore-code=401,404",
          "--retries=5",
          "--timeout=60",
          "--flush-session",
          "--disable-coloring",
          `--output-dir=${outputDir}`,
        ],
        { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: sqlmapSeconds * 1000 },
      );
      const text = `${result.stdout}\n${result.stderr}`;
      fs.writeFileSync(log, text);
      const requests = /(\d+) HTTP\(s\) requests/.exec(text)?.[1] ?? "?";
      const verdict =
        /appears to be injectable|is vulnerable|sqlmap identified the following injection point/i.test(text)
          ? "INJECTABLE"
          : /all tested parameters do not appear to be injectable/i.test(text)
            ? "not injectable"
            : `no verdict (${(/\[CRITICAL\] ([^\n]+)/.exec(text)?.[1] ?? "see log").slice(0, 80)})`;
      if (verdict === "not injectable") clean += 1;
      rows.push([target.route, verdict, requests, `${Math.round((Date.now() - started) / 1000)} s`]);
      console.log(`sqlmap ${index + 1}/${targets.length}: ${target.route}: ${verdict}`);
    }
    table(["route", "sqlmap verdict", "requests", "time"], rows);
    say(
      `\nsqlmap ${which.stdout.trim()}, --level=${sqlmapLevel} --risk=1, techniques ${sqlmapTechnique ?? "BEUQ, and BEUSTQ where only timing could tell"}, ${sqlmapSeconds} s a route at most: ${clean} of ${rows.length} routes "all tested parameters do not appear to be injectable".`,
    );
    const tested = rows.length;
    verdicts.push({ step: "sqlmap", ok: clean === tested, note: `${clean}/${tested} clean` });
  } catch (error) {
    say(`sqlmap step failed: ${(error as Error).message}`);
    verdicts.push({ step: "sqlmap", ok: false, note: (error as Error).message });
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

// ---- fetch: what the fetchers may reach and bring back -----------------------------------------------
async function fetchStep() {
  const { code, report } = await vitest("fetch", fetchCaseFiles, {});
  const outcomes = vitestOutcomes(report);
  say(
    "\n## What the fetchers may reach and bring back (stand-in publisher on 127.0.0.1, another host on 127.0.0.2)\n",
  );
  let casesOk = 0;
  const rows: string[][] = [];
  for (const fetchCase of fetchCases) {
    let ok = true;
    for (const test of fetchCase.tests) {
      const { matched, passed, failed } = resultsOf(test, outcomes);
      if (matched === 0 || passed !== matched) ok = false;
      const result =
        matched === 0
          ? "NOT FOUND"
          : passed === matched
            ? `refused (${passed} test${passed > 1 ? "s" : ""} passed)`
            : `FAILED (${failed || matched - passed} of ${matched})`;
      rows.push([fetchCase.abuse, `${test.file}: ${test.name}`, result]);
    }
    if (ok) casesOk += 1;
  }
  table(["abuse", "test", "result"], rows);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const other = figure<{ connectionsToTheOtherHost: number }>("fetch-other-host");
  const redirect = figure<{ connectionsToTheOtherHost: number }>("fetch-redirect");
  const loopback = figure<{ connections: number }>("fetch-loopback");
  const name = figure<{ link: string; writtenAs: string; outsideFileIntact: boolean }>("fetch-file-name");
  const file = figure<{
    limitBytes: number;
    wouldHaveSentBytes: number;
    sentBeforeTheTransferWasAbandoned: number;
    tries: number;
  }>("fetch-size-file");
  const page = figure<{ limitBytes: number; sentBeforeTheTransferWasAbandoned: number }>("fetch-size-page");
  const time = figure<{ limitSeconds: number; tookSeconds: number }>("fetch-total-time");
  say("");
  if (other && redirect)
    say(
      `Connections to the other host: ${other.connectionsToTheOtherHost} for its link, ${redirect.connectionsToTheOtherHost} for the redirect to it.`,
    );
  if (loopback)
    say(
      `Connections made for plain http, a loopback literal and localhost without FETCH_ALLOWED_HOSTS: ${loopback.connections}.`,
    );
  if (name)
    say(
      `Link ${name.link} written as "${name.writtenAs}" in the work folder; the file outside it intact: ${name.outsideFileIntact ? "yes" : "NO"}.`,
    );
  if (file)
    say(
      `A file streaming ${mb(file.wouldHaveSentBytes)} against a ${mb(file.limitBytes)} limit: abandoned; the server had written ${mb(file.sentBeforeTheTransferWasAbandoned)} into the connection (its socket buffers included), ${file.tries} try.`,
    );
  if (page)
    say(
      `A page streaming without end against a ${mb(page.limitBytes)} limit: abandoned; the server had written ${mb(page.sentBeforeTheTransferWasAbandoned)}.`,
    );
  if (time)
    say(
      `A server that never answers, 4 tries of 1 s allowed in ${time.limitSeconds} s: gave up after ${time.tookSeconds.toFixed(1)} s.`,
    );
  say(
    `\nFetch cases: ${casesOk} of ${fetchCases.length} refused by every test mapped to them (exit code ${code}).`,
  );
  verdicts.push({
    step: "fetch",
    ok: code === 0 && casesOk === fetchCases.length,
    note: `${casesOk}/${fetchCases.length}`,
  });
}

// ---- CSV injection ---------------------------------------------------------------------------------
async function csvStep() {
  const { code, report } = await vitest("csv", ["src/components/data-table/csv.test.ts"], {});
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

say(`# npm run test:security, ${new Date().toISOString()}`);
if (steps.has("fetch")) await fetchStep();
if (steps.has("xss")) await xssStep();
// The kill step's tests are among abuse case 15's, so it runs before the abuse step.
if (steps.has("kill")) await killStep();
if (steps.has("abuse")) await abuseStep();
if (steps.has("seats")) await seatStep();
if (steps.has("sqlmap")) await sqlmapStep();
if (steps.has("csv")) await csvStep();
if (steps.has("uploads")) await uploadsStep();

say("\n## Summary\n");
for (const verdict of verdicts) say(`${verdict.ok ? "PASS" : "FAIL"}  ${verdict.step}: ${verdict.note}`);
fs.writeFileSync(path.join(out, "report.md"), `${lines.join("\n")}\n`);
say(`\nReport: ${path.relative(root, path.join(out, "report.md"))}`);
process.exitCode = verdicts.every((verdict) => verdict.ok) ? 0 : 1;
