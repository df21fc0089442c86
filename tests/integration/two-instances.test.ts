import fs from "node:fs";
import { gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { freePort, runScript, webServerProcesses } from "@tests/fixtures/processes";
import { tariffFileFolder, viiiaCsv, viiiaRows } from "@tests/fixtures/tariff-files";

import { startProduct, type RunningProduct } from "../../scripts/lib/product-server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../src/db/seed";
import { searchRateRule } from "../../src/features/search/access";

/**
 * Two instances of the product (`npm start` twice, on two ports) on one PostgreSQL database, as
 * behind a load balancer (docs/deploy.md): a session, a rate limit and the job schedule are one
 * across both, and data imported while both serve is shown by both at once. Needs a PostgreSQL
 * server and a production build (built here when missing or stale, which takes minutes).
 */
const template = inject("testDatabase");
const onServer = template.mode === "server";
if (!onServer)
  console.warn("Skipping the two-instance tests: they need DATABASE_URL to name a PostgreSQL server.");

const database = setupTestDatabase();
const files = tariffFileFolder("two-instances");
const admin = DEMO_ACCOUNTS.find((account) => account.description.startsWith("admin"))!;
let a: RunningProduct;
let b: RunningProduct;
/** The address both instances serve under, as a load balancer in front of them would. */
let publicUrl: string;

/** Requests arrive through the test as through a trusted proxy: each says which client it is for. */
function call(instance: RunningProduct, path: string, init: RequestInit & { client?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", publicUrl);
  headers.set("x-forwarded-for", init.client ?? "198.51.100.1");
  return fetch(`${instance.base}${path}`, { ...init, headers, redirect: "manual" });
}

function signIn(instance: RunningProduct, password: string, client: string) {
  return call(instance, "/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: admin.email, password }),
    client,
  });
}

/** The demo admin's session cookie, signed in through `instance`. */
async function sessionCookie(instance: RunningProduct, client: string): Promise<string> {
  const signedIn = await signIn(instance, DEMO_PASSWORD, client);
  expect(signedIn.status).toBe(200);
  return signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** The rows a list page's table fetches, unpacked (the route sends a gzip file). */
async function rowsText(instance: RunningProduct, cookie: string, month: string): Promise<string> {
  const response = await call(instance, `/api/lists/partviiia/rows?month=${month}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
}

async function importFile(name: string, content: Buffer) {
  const result = await runScript("scripts/import.ts", { DATABASE_URL: database.url }, 120_000, [
    files.write(name, content),
  ]);
  expect(result.code, result.output).toBe(0);
}

beforeAll(async () => {
  if (!onServer) return;
  const [portA, portB] = [await freePort(), await freePort()];
  publicUrl = `http://localhost:${portA}`;
  const settings = {
    APP_URL: publicUrl,
    DEMO_SEED: "1",
    SAMPLE_DATA: "0",
    WEB_CONCURRENCY: "1",
    TRUSTED_PROXIES: "127.0.0.1,::1,::ffff:127.0.0.1",
    BILLING_RECONCILE_CRON: "* * * * *",
  };
  // One after the other: the first builds the app if it has to, and applies the migrations.
  a = await startProduct({ port: portA, databaseUrl: database.url, env: settings, output: "collect" });
  b = await startProduct({
    port: portB,
    databaseUrl: database.url,
    env: { ...settings, WEB_HEAP_MB: "192" },
    output: "collect",
  });
}, 20 * 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
}, 60_000);

describe.runIf(onServer)("two instances on one database", () => {
  it("run their web servers with the heap limit each was given, and V8's own without one", () => {
    const argumentsOf = (instance: RunningProduct) => {
      const [server] = webServerProcesses(Number(new URL(instance.base).port));
      if (!server) throw new Error(`No web server process serves ${instance.base}.`);
      return server.argv;
    };
    expect(argumentsOf(b)).toEqual(
      expect.arrayContaining(["--max-old-space-size=192", "--max-semi-space-size=8"]),
    );
    expect(argumentsOf(a).join(" ")).not.toMatch(/max-old-space-size|max-semi-space-size/);
  });

  it("serve the built configuration without loading the compiler's native module into a web process", () => {
    for (const instance of [a, b]) {
      const processes = webServerProcesses(Number(new URL(instance.base).port));
      expect(processes.length, instance.base).toBeGreaterThan(0);
      for (const { pid } of processes)
        expect(fs.readFileSync(`/proc/${pid}/maps`, "utf8"), `${instance.base}, process ${pid}`).not.toMatch(
          /next-swc/,
        );
    }
  });

  it("count sign-in attempts from one address together: the fourth in ten seconds is refused, whichever instance gets it", async () => {
    const client = "198.51.100.20";
    const statuses: number[] = [];
    for (const instance of [a, b, a, b])
      statuses.push((await signIn(instance, "not the password", client)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("share sessions: signed in through one, recognised by the other; signed out through the other, refused by both", async () => {
    const cookie = await sessionCookie(a, "198.51.100.21");
    const me = await call(b, "/api/me", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: "demo-admin" });

    const out = await call(b, "/api/auth/sign-out", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect((await call(a, "/api/me", { headers: { cookie } })).status).toBe(401);
    expect((await call(b, "/api/me", { headers: { cookie } })).status).toBe(401);
  });

  it("hold one search allowance per user across both", async () => {
    const cookie = await sessionCookie(b, "198.51.100.22");
    const statuses: number[] = [];
    for (let sent = 0; sent < searchRateRule.max; sent++) {
      const response = await call(sent % 2 ? b : a, "/api/search?q=amlodipine", { headers: { cookie } });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await call(a, "/api/search?q=amlodipine", { headers: { cookie } })).status).toBe(429);
    expect((await call(b, "/api/search?q=amlodipine", { headers: { cookie } })).status).toBe(429);
  });

  it("show a month imported while both serve, and its correction, on both within a second", async () => {
    const cookie = await sessionCookie(a, "198.51.100.23");
    const withPrice = (pence: number) =>
      viiiaRows.map((row, index) => (index === 0 ? [...row.slice(0, 6), pence] : row));

    await importFile("Part VIIIA Jun 26.csv", viiiaCsv("June", withPrice(35225)));
    // Both instances now hold June's rows in their caches.
    expect(await rowsText(a, cookie, "2026-06")).toContain("35225");
    expect(await rowsText(b, cookie, "2026-06")).toContain("35225");

    await importFile("Part VIIIA Jun 26 corrected.csv", viiiaCsv("June", withPrice(36789)));
    const imported = Date.now();
    const seen = await Promise.all(
      [a, b].map(async (instance) => {
        while (!(await rowsText(instance, cookie, "2026-06")).includes("36789")) {
          if (Date.now() - imported > 5_000) return Infinity;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return Date.now() - imported;
      }),
    );
    expect(Math.max(...seen)).toBeLessThanOrEqual(1_000);
  });

  it("run each scheduled run of a job once, on one instance or the other", async () => {
    // Reconciliation is scheduled every minute here; each instance runs the job queue.
    const runs = () =>
      database.pool.query<{ minute: string; runs: number }>(
        `select date_trunc('minute', created_on)::text as minute, count(*)::int as runs
           from pgboss.job where name = 'billing-reconcile' and state = 'completed'
          group by 1 order by 1`,
      );
    const deadline = Date.now() + 150_000;
    while ((await runs()).rows.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { rows } = await runs();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.runs === 1)).toBe(true);
  }, 180_000);
});
