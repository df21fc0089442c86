import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { signInOverHttp } from "@tests/fixtures/app-server";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { webServerProcesses } from "@tests/fixtures/processes";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";
import { repeated, sharedStringBomb, workbookOf, zipOf } from "@tests/fixtures/zip-bombs";

import { startProduct, type RunningProduct } from "../../scripts/lib/product-server";

/**
 * Decompression bombs against the real server (docs/security.md, "Uploads"; ADR 160): the production
 * build started as `npm start` does, one web process capped at WEB_HEAP_MB=192 as docs/deploy.md
 * recommends, its temporary files in a folder of the test's own. Each bomb is made by the test. A
 * subscriber's or the owner's upload over its kind's limits is refused within a second or two,
 * naming the limit; the web process's resident memory rises by a few tens of MB at most (Linux's
 * VmRSS, sampled every 20 ms, and VmHWM, its peak, reset before each request); the health check
 * answers meanwhile; and no temporary file is left behind.
 */
const database = setupTestDatabase();
const port = Number(process.env.UPLOAD_SERVER_PORT ?? 3193);
const megabyte = 1024 * 1024;
/** "A few tens of MB": what a refused upload may add to the process's resident memory. */
const maxRiseMb = 50;

let server: RunningProduct | undefined;
let tmp: string;
let delegateCookie: string;
let ownerCookie: string;
const figures: Record<string, unknown> = {};

function status(pid: number, field: "VmRSS" | "VmHWM"): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0) / 1024;
}

function webProcess(): number {
  const [web] = webServerProcesses(port);
  if (!web) throw new Error(`no web server process on port ${port}`);
  return web.pid;
}

type Measured = {
  status: number;
  text: string;
  ms: number;
  riseMb: number;
  healthMs: number;
  healthStatus: number;
};

/** Sends the requests at once, sampling the web process's memory and asking for its health meanwhile. */
async function measure(send: () => Promise<Response>[]): Promise<Measured[]> {
  const pid = webProcess();
  try {
    // 5 resets the peak resident size to the current one (proc(5), clear_refs).
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not ours to reset: the samples below still see the rise
  }
  const before = status(pid, "VmRSS");
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, status(pid, "VmRSS"))), 20);
  const started = Date.now();
  const health = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = Date.now();
    const response = await fetch(`${server!.base}/api/health`);
    return { healthMs: Date.now() - asked, healthStatus: response.status };
  })();
  try {
    const answers = await Promise.all(
      send().map(async (pending) => {
        const response = await pending;
        return { status: response.status, text: await response.text(), ms: Date.now() - started };
      }),
    );
    const { healthMs, healthStatus } = await health;
    peak = Math.max(peak, status(pid, "VmRSS"), status(pid, "VmHWM"));
    return answers.map((answer) => ({
      ...answer,
      riseMb: Math.round(peak - before),
      healthMs,
      healthStatus,
    }));
  } finally {
    clearInterval(sampler);
  }
}

function upload(route: string, cookie: string, name: string, body: Buffer, mapping?: object) {
  return fetch(`${server!.base}${route}`, {
    method: "POST",
    headers: {
      origin: server!.base,
      cookie,
      "content-type": "application/octet-stream",
      "x-file-name": encodeURIComponent(name),
      ...(mapping ? { "x-margin-mapping": encodeURIComponent(JSON.stringify(mapping)) } : {}),
    },
    body: new Uint8Array(body),
  });
}

const mapping = { product: "Product", packSize: null, cost: "Cost" };
const marginRoutes = ["/api/margin-check/preview", "/api/margin-check/uploads"];
const marginLimit =
  "the workbook's shared-string table holds more than 16 MB once decompressed: over the limit for a margin-check file";

/**
 * Every file the server created in its temporary folder and left there, but tsx's cache of the
 * start script, compiled (`tsx-0/`), which tsx keeps there on purpose.
 */
const leftovers = () =>
  fs
    .readdirSync(tmp, { recursive: true })
    .map(String)
    .filter((entry) => !/^tsx-\d+(\/|$)/.test(entry));

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-bombs-"));
  const { licenceId } = await insertOrganisation({ name: "Bomb Test Pharmacy Ltd" });
  const delegate: TestUser = await insertUser({ delegate: true, subscribed: true, licenceId });
  const owner = await insertUser({ subscribed: true });
  server = await startProduct({
    port,
    databaseUrl: database.url,
    output: "collect",
    killable: true,
    env: {
      WEB_CONCURRENCY: "1",
      WEB_HEAP_MB: "192",
      OWNER_USER_IDS: owner.id,
      TMPDIR: tmp,
      LOG_LEVEL: "warn",
    },
  });
  delegateCookie = await signInOverHttp(server.base, delegate.email, delegate.password);
  ownerCookie = await signInOverHttp(server.base, owner.email, owner.password);
  // Warm the routes with a good workbook, so what is measured is the bomb, not the first load of a route.
  const good = await workbookOf({
    sheetData: [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Product</t></is></c><c r="B1" t="inlineStr"><is><t>Cost</t></is></c></row>',
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Amlodipine 5mg tablets</t></is></c><c r="B2"><v>0.5</v></c></row>',
    ],
  });
  for (const route of marginRoutes)
    expect((await upload(route, delegateCookie, "prices.xlsx", good, mapping)).status, route).toBe(200);
}, 900_000);

afterAll(async () => {
  await server?.stop();
  recordSecurityFigure("upload-bombs", figures);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("decompression bombs against a real server capped at 192 MB of heap", () => {
  it("refuses a subscriber's 240 MB shared string on both margin routes within a second or two, naming the limit", async () => {
    const bomb = await sharedStringBomb();
    const pid = webProcess();
    for (const route of marginRoutes) {
      const [answer] = await measure(() => [upload(route, delegateCookie, "prices.xlsx", bomb, mapping)]);
      figures[`margin ${route}`] = { bombKb: Math.round(bomb.length / 1024), ...answer, text: undefined };
      expect(answer!.status, route).toBe(422);
      expect(JSON.parse(answer!.text), route).toMatchObject({
        error: { message: `prices.xlsx: ${marginLimit}` },
      });
      expect(answer!.ms, route).toBeLessThan(2000);
      expect(answer!.riseMb, route).toBeLessThan(maxRiseMb);
      expect(answer!.healthStatus, route).toBe(200);
      expect(answer!.healthMs, route).toBeLessThan(1000);
    }
    expect(webProcess()).toBe(pid);
    expect(leftovers()).toEqual([]);
  });

  it("refuses four at once, and a bomb whose zip understates its size, the same way", async () => {
    const bomb = await sharedStringBomb();
    const four = await measure(() =>
      marginRoutes.flatMap((route) =>
        [0, 1].map(() => upload(route, delegateCookie, "prices.xlsx", bomb, mapping)),
      ),
    );
    figures["four at once"] = {
      statuses: four.map((answer) => answer.status),
      slowestMs: Math.max(...four.map((a) => a.ms)),
      riseMb: four[0]!.riseMb,
    };
    expect(four.map((answer) => answer.status)).toEqual([422, 422, 422, 422]);
    expect(Math.max(...four.map((answer) => answer.ms))).toBeLessThan(2000);
    expect(four[0]!.riseMb).toBeLessThan(maxRiseMb);

    const liar = await sharedStringBomb({ megabytes: 64, declaredSize: 1000 });
    const [answer] = await measure(() => [upload(marginRoutes[0]!, delegateCookie, "prices.xlsx", liar)]);
    figures["understated size"] = { ...answer, text: undefined };
    expect(answer!.status).toBe(422);
    expect(answer!.text).toMatch(/shared-string table (is damaged|holds more than)/);
    expect(answer!.riseMb).toBeLessThan(maxRiseMb);
    expect(leftovers()).toEqual([]);
  });

  it("refuses the owner's Part IX workbook bomb before importing it, and leaves no upload folder", async () => {
    const bomb = await sharedStringBomb({ megabytes: 240 });
    const [answer] = await measure(() => [
      upload("/api/owner/imports", ownerCookie, "Drug Tariff Part IX June 2026.xlsx", bomb),
    ]);
    figures["owner workbook"] = { ...answer, text: undefined };
    expect(answer!.status).toBe(422);
    expect(answer!.text).toContain(
      "Drug Tariff Part IX June 2026.xlsx: the workbook's shared-string table holds more than 64 MB once decompressed: over the limit for a Drug Tariff file",
    );
    expect(answer!.ms).toBeLessThan(2000);
    expect(answer!.riseMb).toBeLessThan(maxRiseMb);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a dm+d release whose nested zip inflates past a release's limit, and removes what it extracted", async () => {
    const nested = await zipOf([
      {
        name: "f_gtin2_0010419.xml",
        content: repeated("<GTIN/>".repeat(1024), 256),
        declaredSize: 4000 * megabyte,
      },
    ]);
    const release = await zipOf([
      { name: "f_ampp2_3010419.xml", content: ['<?xml version="1.0"?><ACTUAL_MEDICINAL_PROD_PACKS/>'] },
      { name: "week232026-r2_3-BNF.zip", content: [nested] },
    ]);
    const lying = await zipOf([
      {
        name: "f_ampp2_3010419.xml",
        content: repeated("<AMPP>".repeat(1024), 11_000),
        declaredSize: megabyte,
      },
    ]);
    for (const [label, file] of [
      ["nested", release],
      ["understated", lying],
    ] as const) {
      const [answer] = await measure(() => [
        upload("/api/owner/imports", ownerCookie, "nhsbsa_dmd_9.1.0_20260601000001.zip", file),
      ]);
      figures[`dm+d ${label}`] = {
        zipKb: Math.round(file.length / 1024),
        ...answer,
        text: answer!.text.slice(0, 500),
      };
      expect([200, 422], label).toContain(answer!.status);
      expect(answer!.text, label).toMatch(/over the limit for a dm\+d release|is damaged in the zip/);
      expect(answer!.ms, label).toBeLessThan(2000);
      expect(answer!.riseMb, label).toBeLessThan(maxRiseMb);
      expect(leftovers(), label).toEqual([]);
    }
    expect(server!.output()).not.toMatch(/heap out of memory|Invalid string length/);
  });
});
