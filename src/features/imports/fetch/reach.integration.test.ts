import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { startFetchServer } from "@tests/fixtures/fetch-server";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";
import { snapshotTariffData, viiiaCsv } from "@tests/fixtures/tariff-files";

import { fetchCpe, fetchDmd, fetchNhsbsa, isUnreachable, type FetchOptions } from "./fetchers";

/**
 * What a fetch may reach and how much it may bring back (docs/security.md, "Fetching the published
 * files"): only its source's hosts, over https or (FETCH_ALLOWED_HOSTS) plain http to a listed
 * loopback host; every redirect checked again; a link's name never deciding where a file is
 * written; a size limit per source enforced while the bytes arrive; and a bound on the time of one
 * fetch. The publisher is a stand-in on 127.0.0.1 and "another host" a second one on 127.0.0.2, so
 * no test sends anything off this machine.
 */
const database = setupTestDatabase();
const publisher = startFetchServer();
const elsewhere = startFetchServer({ host: "127.0.0.2" });

const partViii = "/drug-tariff/drug-tariff-part-viii";
const juneCsv = "/files/Part%20VIIIA%20Jun%2026.csv";
const bothLoopbackHosts = ["127.0.0.1", "127.0.0.2"];
const MB = 1024 * 1024;

const tariffPage = (links: [href: string, text: string][]) =>
  `<html><body><main>${links.map(([href, text]) => `<p><a href="${href}">${text}</a></p>`).join("")}</main></body></html>`;

const options = (
  reach: FetchOptions["reach"] = {},
  http: FetchOptions["http"] = {},
  actor = "fetch:nhsbsa",
): FetchOptions => ({
  actor,
  http: { attempts: 3, backoffMs: 20, timeoutMs: 5_000, ...http },
  reach: { localHosts: ["127.0.0.1"], ...reach },
});

async function importCount(): Promise<number> {
  const result = await database.db.execute<{ count: string }>(sql`select count(*) as count from imports`);
  return Number(result.rows[0]!.count);
}

beforeEach(() => {
  publisher.reset();
  elsewhere.reset();
});

describe("the hosts a fetch may reach", () => {
  it("follows no link to another host, even one that plain http may reach", async () => {
    publisher.set(partViii, {
      body: tariffPage([[elsewhere.url(juneCsv), "Part VIIIA June 2026 (CSV)"]]),
    });
    elsewhere.set(juneCsv, { body: viiiaCsv("June"), contentType: "text/csv" });
    const before = await snapshotTariffData(database.db);

    const outcomes = await fetchNhsbsa(
      database.db,
      [publisher.url(partViii)],
      options({ localHosts: bothLoopbackHosts }),
    );
    expect(elsewhere.connections()).toBe(0);
    expect(outcomes).toEqual([
      expect.objectContaining({ file: "Part VIIIA Jun 26.csv", status: "rejected" }),
    ]);
    expect(outcomes[0]!.message).toMatch(
      /refused: 127\.0\.0\.2 is not one of the hosts .*FETCH_NHSBSA_HOSTS/,
    );
    expect(isUnreachable(outcomes[0]!)).toBe(false);
    expect(await snapshotTariffData(database.db)).toEqual(before);
    recordSecurityFigure("fetch-other-host", { connectionsToTheOtherHost: elsewhere.connections() });

    // A host the operator lists for the source is reached.
    const listed = await fetchNhsbsa(
      database.db,
      [publisher.url(partViii)],
      options({ localHosts: bothLoopbackHosts, hosts: ["127.0.0.2"] }),
    );
    expect(listed[0]).toMatchObject({ file: "Part VIIIA Jun 26.csv", status: "imported" });
    expect(elsewhere.hits(juneCsv)).toBe(1);
  });

  it("checks every redirect again: one to another host is refused, one within the host followed", async () => {
    publisher.set(partViii, {
      body: tariffPage([
        [juneCsv, "Part VIIIA June 2026"],
        ["/files/Part%20VIIIA%20May%2026.csv", "Part VIIIA May 2026"],
      ]),
    });
    publisher.set(juneCsv, { status: 302, headers: { location: elsewhere.url("/evil.csv") } });
    publisher.set("/files/Part%20VIIIA%20May%2026.csv", {
      status: 301,
      headers: { location: "/files/moved/May.csv" },
    });
    publisher.set("/files/moved/May.csv", { body: viiiaCsv("May"), contentType: "text/csv" });
    elsewhere.set("/evil.csv", { body: viiiaCsv("June"), contentType: "text/csv" });

    const outcomes = await fetchNhsbsa(
      database.db,
      [publisher.url(partViii)],
      options({ localHosts: bothLoopbackHosts }),
    );
    expect(elsewhere.connections()).toBe(0);
    expect(outcomes[0]).toMatchObject({ file: "Part VIIIA Jun 26.csv", status: "rejected" });
    expect(outcomes[0]!.message).toMatch(/refused: redirected to http:\/\/127\.0\.0\.2:\d+\/evil\.csv/);
    expect(outcomes[1]).toMatchObject({ file: "Part VIIIA May 26.csv", status: "imported" });
    expect(publisher.hits("/files/moved/May.csv")).toBe(1);
    recordSecurityFigure("fetch-redirect", { connectionsToTheOtherHost: elsewhere.connections() });

    // A redirect that leads back to itself is followed five times, then refused, not tried again.
    publisher.set(juneCsv, { status: 307, headers: { location: juneCsv } });
    const [loop] = await fetchNhsbsa(database.db, [publisher.url(partViii)], options());
    expect(loop!.message).toMatch(/refused: more than 5 redirects/);
    expect(publisher.hits(juneCsv)).toBe(1 + 6);

    publisher.set(juneCsv, { status: 302, headers: { location: "http://[not an address" } });
    const [broken] = await fetchNhsbsa(database.db, [publisher.url(partViii)], options());
    expect(broken!.message).toMatch(/refused: redirected to "http:\/\/\[not an address", not an address/);
    expect(publisher.hits(juneCsv)).toBe(1 + 6 + 1);
  });

  it("refuses plain http and loopback addresses unless FETCH_ALLOWED_HOSTS lists the host", async () => {
    publisher.set(partViii, { body: tariffPage([[juneCsv, "Part VIIIA June 2026"]]) });
    const port = new URL(publisher.url("/")).port;
    const attempts = [
      [publisher.url(partViii), /refused: plain http is fetched only from the hosts in FETCH_ALLOWED_HOSTS/],
      [`https://127.0.0.1:${port}${partViii}`, /refused: 127\.0\.0\.1 is a loopback address/],
      // A name is checked for what it resolves to, before any connection is made.
      [`https://localhost:${port}${partViii}`, /refused: localhost resolves to .*a loopback address/],
    ] as const;
    for (const [url, refusal] of attempts) {
      const [outcome] = await fetchNhsbsa(database.db, [url], options({ localHosts: [] }));
      expect(outcome).toMatchObject({ file: url, status: "rejected" });
      expect(outcome!.message).toMatch(refusal);
      expect(isUnreachable(outcome!)).toBe(false);
    }
    expect(publisher.connections()).toBe(0);
    recordSecurityFigure("fetch-loopback", { connections: publisher.connections() });
  });

  it("takes TRUD's archive only from TRUD's hosts", async () => {
    const key = "0123456789abcdef0123456789abcdef01234567";
    const archive = "nhsbsa_dmd_4.1.0_20260302000001.zip";
    publisher.set(`/trud/keys/${key}/items/24/releases`, {
      contentType: "application/json",
      body: JSON.stringify({
        releases: [{ id: archive, archiveFileUrl: elsewhere.url(`/${archive}`), archiveFileName: archive }],
      }),
    });
    elsewhere.set(`/${archive}`, { body: Buffer.from("PK\u0005\u0006".padEnd(22, "\0")) });

    const [outcome] = await fetchDmd(
      database.db,
      { apiUrl: publisher.url("/trud"), apiKey: key },
      options({ localHosts: bothLoopbackHosts }, {}, "fetch:dmd"),
    );
    expect(elsewhere.connections()).toBe(0);
    expect(outcome).toMatchObject({ file: archive, status: "rejected" });
    expect(outcome!.message).toMatch(/refused: 127\.0\.0\.2 is not one of the hosts .*FETCH_DMD_HOSTS/);
    expect(JSON.stringify(outcome)).not.toContain(key);
  });
});

describe("where a fetched file is written", () => {
  let root: string;
  let tmpdir: string | undefined;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "tariffscope-reach-"));
    fs.mkdirSync(path.join(root, "tmp"));
    tmpdir = process.env.TMPDIR;
    // The work folders are made here, so "two folders up" is `root`, which the test can watch.
    process.env.TMPDIR = path.join(root, "tmp");
  });
  afterEach(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("in the work folder, under the link's base name, whatever the link's name says", async () => {
    const escaping = "escaped Part VIIIB Jun 26.csv";
    const canary = path.join(root, escaping);
    fs.writeFileSync(canary, "a file outside the work folder");
    const href = `/files/..%2F..%2F${encodeURIComponent(escaping)}`;
    publisher.set(partViii, { body: tariffPage([[href, "Part VIIIB June 2026"]]) });
    publisher.set(href, { body: viiiaCsv("June"), contentType: "text/csv" });

    const outcomes = await fetchNhsbsa(database.db, [publisher.url(partViii)], options());
    expect(publisher.hits(href)).toBe(1);
    expect(outcomes[0]!.file).toBe(escaping);
    expect(fs.readFileSync(canary, "utf8")).toBe("a file outside the work folder");
    expect(fs.readdirSync(root).sort()).toEqual([escaping, "tmp"]);
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
    recordSecurityFigure("fetch-file-name", {
      link: href,
      writtenAs: outcomes[0]!.file,
      outsideFileIntact: fs.readFileSync(canary, "utf8") === "a file outside the work folder",
    });
  });

  it("extracts a dm+d release inside the work folder whatever TRUD names it", async () => {
    const key = "0123456789abcdef0123456789abcdef01234567";
    const archive = "...zip";
    const zip = new (await import("jszip")).default();
    zip.file("f_ampp2_3010326.xml", "<ACTUAL_MEDICINAL_PROD_PACKS/>");
    const bytes = await zip.generateAsync({ type: "nodebuffer" });
    publisher.set(`/trud/keys/${key}/items/24/releases`, {
      contentType: "application/json",
      body: JSON.stringify({
        releases: [
          {
            id: "x",
            archiveFileUrl: publisher.url("/download/release.zip"),
            archiveFileName: archive,
            archiveFileSha256: createHash("sha256").update(bytes).digest("hex"),
          },
        ],
      }),
    });
    publisher.set("/download/release.zip", { body: bytes, contentType: "application/zip" });

    await fetchDmd(
      database.db,
      { apiUrl: publisher.url("/trud"), apiKey: key },
      options({}, {}, "fetch:dmd"),
    );
    expect(publisher.hits("/download/release.zip")).toBe(1);
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
    expect(fs.readdirSync(root)).toEqual(["tmp"]);
  });
});

describe("how much a fetch may bring back", () => {
  const line = Buffer.from(
    `"Amiloride 5mg tablets",28,"tablet","1034611000001106","317811000001106","Part VIIIA Category M",1200\n`,
  );

  it("abandons a file at its source's limit, reports it refused and does not try again", async () => {
    publisher.set(partViii, { body: tariffPage([[juneCsv, "Part VIIIA June 2026"]]) });
    // A file that would stream 64 MB, with no length announced.
    publisher.set(juneCsv, { body: line, contentType: "text/csv", endless: 64 * MB });
    const before = await snapshotTariffData(database.db);
    const records = await importCount();

    const outcomes = await fetchNhsbsa(database.db, [publisher.url(partViii)], options({ maxBytes: MB }));
    expect(outcomes[0]).toMatchObject({ file: "Part VIIIA Jun 26.csv", status: "rejected" });
    expect(outcomes[0]!.message).toMatch(
      /was refused, nothing was changed: .*refused: larger than the 1 MB limit \(FETCH_NHSBSA_MAX_MB\)/,
    );
    expect(isUnreachable(outcomes[0]!)).toBe(false);
    expect(publisher.hits(juneCsv)).toBe(1);
    // The transfer stopped near the limit (what the sockets had buffered aside), not at 64 MB.
    const sent = publisher.sent(juneCsv);
    expect(sent).toBeLessThan(16 * MB);
    expect(await snapshotTariffData(database.db)).toEqual(before);
    expect(await importCount()).toBe(records);
    recordSecurityFigure("fetch-size-file", {
      limitBytes: MB,
      wouldHaveSentBytes: 64 * MB,
      sentBeforeTheTransferWasAbandoned: sent,
      tries: publisher.hits(juneCsv),
    });
  });

  it("refuses a file that announces more than the limit without reading it", async () => {
    publisher.set(partViii, { body: tariffPage([[juneCsv, "Part VIIIA June 2026"]]) });
    publisher.set(juneCsv, { body: line, contentType: "text/csv", announce: 600 * MB });
    const outcomes = await fetchNhsbsa(database.db, [publisher.url(partViii)], options({ maxBytes: MB }));
    expect(outcomes[0]).toMatchObject({ status: "rejected" });
    expect(outcomes[0]!.message).toMatch(/refused: 629145600 bytes announced, over the 1 MB limit/);
    expect(publisher.hits(juneCsv)).toBe(1);
  });

  it("holds no page past its source's limit: NHSBSA's page, CPE's page", async () => {
    publisher.set(partViii, { body: "<p>padding</p>\n", endless: 64 * MB });
    const [nhsbsa] = await fetchNhsbsa(database.db, [publisher.url(partViii)], options({ maxBytes: MB / 4 }));
    expect(nhsbsa).toMatchObject({ file: publisher.url(partViii), status: "rejected" });
    expect(nhsbsa!.message).toMatch(/refused: larger than the 0\.25 MB limit \(FETCH_NHSBSA_MAX_MB\)/);
    expect(publisher.hits(partViii)).toBe(1);
    expect(publisher.sent(partViii)).toBeLessThan(16 * MB);

    const concessions = "/price-concessions/";
    publisher.set(concessions, { body: "<p>padding</p>\n", endless: 64 * MB });
    const [cpe] = await fetchCpe(
      database.db,
      publisher.url(concessions),
      options({ maxBytes: MB / 4 }, {}, "fetch:cpe"),
    );
    expect(cpe).toMatchObject({ status: "rejected" });
    expect(cpe!.message).toMatch(/refused: larger than the 0\.25 MB limit \(FETCH_CPE_MAX_MB\)/);
    expect(publisher.hits(concessions)).toBe(1);
    recordSecurityFigure("fetch-size-page", {
      limitBytes: MB / 4,
      sentBeforeTheTransferWasAbandoned: publisher.sent(partViii),
    });
  });

  it("gives up on one fetch at its total time limit, however many tries are left", async () => {
    publisher.set(partViii, { hang: true });
    const started = Date.now();
    const [outcome] = await fetchNhsbsa(
      database.db,
      [publisher.url(partViii)],
      options({}, { attempts: 4, backoffMs: 20, timeoutMs: 1_000, totalMs: 1_500 }),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(3);
    expect(publisher.hits(partViii)).toBeLessThanOrEqual(2);
    expect(outcome).toMatchObject({ status: "rejected" });
    expect(outcome!.message).toMatch(/gave up after 2 tries, at the 1\.5 s limit of one fetch/);
    recordSecurityFigure("fetch-total-time", { limitSeconds: 1.5, tookSeconds: seconds });
  });
});
