import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { dataDir, out, port, say, table, verdicts } from "../report";
import { sqlmapTargets, type SqlmapTarget } from "../sqlmap-targets";

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

/** The app on a server of its own, on the embedded database with the demo data. */
function startServer() {
  return spawn(process.execPath, ["scripts/e2e-server.mjs"], {
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
}

/** Signs the demo subscriber in and returns the session's cookies. */
async function signInDemo(base: string): Promise<string> {
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
  return cookie;
}

/** sqlmap against one route, its output kept in the route's log: its verdict and the table's row. */
function attack(target: SqlmapTarget, index: number, cookie: string) {
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
  return {
    verdict,
    row: [target.route, verdict, requests, `${Math.round((Date.now() - started) / 1000)} s`],
  };
}

/** sqlmap against every route that takes input, on a server of its own. */
export async function sqlmapStep() {
  say("\n## sqlmap against every route that takes input\n");
  const which = spawnSync("sqlmap", ["--version"], { encoding: "utf8" });
  if (which.status !== 0) {
    say("sqlmap is not installed (apt-get install -y sqlmap): step not run.");
    verdicts.push({ step: "sqlmap", ok: false, note: "not installed" });
    return;
  }
  const base = `http://localhost:${port}`;
  const server = startServer();
  try {
    if (!(await waitForHealth(base, 600_000))) throw new Error("the server did not start");
    const cookie = await signInDemo(base);
    const targets = sqlmapTargets(base);
    const rows: string[][] = [];
    let clean = 0;
    // `SQLMAP_ROUTES=<pattern>` tests only the routes whose name matches (a rerun of a few).
    const chosen = process.env.SQLMAP_ROUTES ? new RegExp(process.env.SQLMAP_ROUTES) : undefined;
    for (const [index, target] of targets.entries()) {
      if (chosen && !chosen.test(target.route)) continue;
      const { verdict, row } = attack(target, index, cookie);
      if (verdict === "not injectable") clean += 1;
      rows.push(row);
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
