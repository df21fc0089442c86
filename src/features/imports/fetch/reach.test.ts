import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { defaultFetchHosts, defaultFetchMaxMb, parseEnv } from "@/lib/env";

import { sourceSettingsOf } from "./fetchers";
import { linkFileName, safeBaseName } from "./links";
import { AddressRefused, checkedLookup, isPublicAddress, refusalOf, type Reach } from "./reach";

/**
 * The rules of where a fetch may go (ADR 170), as functions: no connection is made here. The
 * integration tests (reach.integration.test.ts) show the same rules holding against a stand-in
 * publisher on 127.0.0.1 and "another host" on 127.0.0.2.
 */

const reach = (extra: Partial<Reach> = {}): Reach => ({
  hosts: ["www.nhsbsa.nhs.uk"],
  localHosts: [],
  maxBytes: 64 * 1024 * 1024,
  hostsSetting: "FETCH_NHSBSA_HOSTS",
  limitSetting: "FETCH_NHSBSA_MAX_MB",
  ...extra,
});

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback, anywhere in 127/8"],
    ["::1", "IPv6 loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "0/8"],
    ["::", "IPv6 unspecified"],
    ["10.0.0.1", "10/8"],
    ["10.255.255.255", "10/8"],
    ["172.16.0.1", "172.16/12"],
    ["172.31.255.254", "172.16/12"],
    ["192.168.0.1", "192.168/16"],
    ["169.254.169.254", "link-local: cloud metadata"],
    ["100.64.0.1", "100.64/10"],
    ["100.127.255.254", "100.64/10"],
    ["fc00::1", "fc00::/7"],
    ["fd12:3456:789a::1", "fc00::/7"],
    ["fe80::1", "fe80::/10"],
    ["febf::1", "fe80::/10"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "IPv6 multicast"],
    ["255.255.255.255", "broadcast"],
    ["64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
    ["2002:7f00:1::", "6to4 of 127.0.0.1"],
    ["not-an-address", "not an address"],
    ["127.1", "a short form no resolver returns"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "151.101.2.132",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "192.169.0.1",
    "2a00:1450:4009:81f::200e",
    "::ffff:151.101.2.132",
  ])("accepts the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("refusalOf", () => {
  const allowed = ["www.nhsbsa.nhs.uk", "127.0.0.1"];
  const check = (url: string, extra: Partial<Reach> = {}) => refusalOf(new URL(url), allowed, reach(extra));

  it("lets https reach the source's hosts", () => {
    expect(check("https://www.nhsbsa.nhs.uk/sites/default/files/a.csv")).toBeUndefined();
    expect(check("https://WWW.NHSBSA.NHS.UK/a.csv")).toBeUndefined();
  });

  it("refuses other hosts, whatever the address looks like", () => {
    expect(check("https://evil.example/a.csv")).toMatch(/evil\.example is not one of the hosts/);
    expect(check("https://www.nhsbsa.nhs.uk.evil.example/a.csv")).toMatch(/not one of the hosts/);
    expect(check("https://www.nhsbsa.nhs.uk@evil.example/a.csv")).toMatch(/user name or password/);
    expect(check("https://127.0.0.2/a.csv", { localHosts: ["127.0.0.1", "127.0.0.2"] })).toMatch(
      /127\.0\.0\.2 is not one of the hosts .*FETCH_NHSBSA_HOSTS/,
    );
  });

  it("refuses plain http and other schemes, except http to a loopback host FETCH_ALLOWED_HOSTS lists", () => {
    expect(check("http://www.nhsbsa.nhs.uk/a.csv")).toMatch(/plain http is fetched only from the hosts in/);
    expect(check("ftp://www.nhsbsa.nhs.uk/a.csv")).toMatch(/only https addresses/);
    expect(check("file:///etc/passwd")).toMatch(/only https addresses/);
    expect(check("http://127.0.0.1:8080/a.csv")).toMatch(/plain http/);
    expect(check("http://127.0.0.1:8080/a.csv", { localHosts: ["127.0.0.1"] })).toBeUndefined();
  });

  it("refuses an address literal that is not public, unless it is a listed loopback host", () => {
    expect(check("https://127.0.0.1/a.csv")).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(refusalOf(new URL("https://10.0.0.1/"), ["10.0.0.1"], reach())).toMatch(/a private address/);
    expect(refusalOf(new URL("https://[::1]/"), ["::1"], reach())).toMatch(/::1 is a loopback address/);
    expect(refusalOf(new URL("https://[::ffff:a9fe:a9fe]/"), ["::ffff:a9fe:a9fe"], reach())).toMatch(
      /is a link-local address/,
    );
    // The URL parser reads 2130706433 and 0x7f.1 as 127.0.0.1 before the check sees them.
    expect(refusalOf(new URL("https://2130706433/"), ["127.0.0.1"], reach())).toMatch(/loopback/);
    expect(refusalOf(new URL("https://0x7f.1/"), ["127.0.0.1"], reach())).toMatch(/loopback/);
  });
});

describe("checkedLookup", () => {
  type Found = { address: string; family: number }[];
  const resolver = (found: Found) => (_host: string, callback: (e: null, a: Found) => void) =>
    callback(null, found);

  function lookUp(host: string, found: Found, extra: Partial<Reach> = {}, all = false) {
    return new Promise<{ error: Error | null; result: unknown }>((resolve) => {
      checkedLookup(reach(extra), resolver(found))(host, { all }, (error, address, family) =>
        resolve({ error, result: all ? address : { address, family } }),
      );
    });
  }

  it("hands on the addresses it checked, in both forms Node asks for", async () => {
    const found = [
      { address: "151.101.2.132", family: 4 },
      { address: "2a00:1450:4009:81f::200e", family: 6 },
    ];
    expect(await lookUp("www.nhsbsa.nhs.uk", found)).toEqual({
      error: null,
      result: { address: "151.101.2.132", family: 4 },
    });
    expect(await lookUp("www.nhsbsa.nhs.uk", found, {}, true)).toEqual({ error: null, result: found });
  });

  it("refuses a name when any address it resolves to is not public (no rebinding gap)", async () => {
    for (const inner of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::ffff:192.168.1.1", "fe80::1"]) {
      const { error } = await lookUp("www.nhsbsa.nhs.uk", [
        { address: "151.101.2.132", family: 4 },
        { address: inner, family: inner.includes(":") ? 6 : 4 },
      ]);
      expect(error).toBeInstanceOf(AddressRefused);
      expect(error!.message).toContain(`www.nhsbsa.nhs.uk resolves to ${inner} is`);
    }
  });

  it("lets a listed loopback host resolve to loopback only", async () => {
    const local = { localHosts: ["localhost"] };
    expect((await lookUp("localhost", [{ address: "127.0.0.1", family: 4 }], local)).error).toBeNull();
    expect((await lookUp("localhost", [{ address: "::1", family: 6 }], local)).error).toBeNull();
    expect((await lookUp("localhost", [{ address: "192.168.1.1", family: 4 }], local)).error).toBeInstanceOf(
      AddressRefused,
    );
    expect((await lookUp("localhost", [{ address: "127.0.0.1", family: 4 }])).error).toBeInstanceOf(
      AddressRefused,
    );
  });
});

describe("file names from links", () => {
  it.each([
    ["..%2F..%2Fescaped Part VIIIB Jun 26.csv", "escaped Part VIIIB Jun 26.csv"],
    ["..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fcron.d%2FPart VIIIA Jun 26.csv", "Part VIIIA Jun 26.csv"],
    ["..%5C..%5CPart VIIIA Jun 26.csv", "Part VIIIA Jun 26.csv"],
    ["Part%00VIIIA Jun 26.csv", "PartVIIIA Jun 26.csv"],
    ["..", ""],
    [".hidden Part IX Jun 26.csv", "hidden Part IX Jun 26.csv"],
    ["Part%20VIIIA%20Jun%2026.xls.csv", "Part VIIIA Jun 26.xls.csv"],
  ])("%s is written as %j", (last, expected) => {
    expect(linkFileName(`https://www.nhsbsa.nhs.uk/files/${last}`)).toBe(expected);
  });

  it("keeps a name within what a file system allows, extension and all", () => {
    const name = safeBaseName(`${"Part VIIIA Jun 26 ".repeat(30)}.csv`, "x");
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name.endsWith(".csv")).toBe(true);
    expect(safeBaseName("../..", "fallback.zip")).toBe("fallback.zip");
  });
});

describe("the reach settings", () => {
  const MB = 1024 * 1024;

  it("default to https to the hosts docs/deploy.md lists, 64, 8 and 512 MB, and no plain http", () => {
    const settings = sourceSettingsOf(parseEnv({}));
    expect(settings.reach).toEqual({
      nhsbsa: { hosts: ["www.nhsbsa.nhs.uk", "nhsbsa.nhs.uk"], localHosts: [], maxBytes: 64 * MB },
      cpe: { hosts: ["cpe.org.uk", "www.cpe.org.uk"], localHosts: [], maxBytes: 8 * MB },
      dmd: { hosts: ["isd.digital.nhs.uk"], localHosts: [], maxBytes: 512 * MB },
    });
    const deploy = fs.readFileSync(path.join(process.cwd(), "docs/deploy.md"), "utf8");
    for (const [source, hosts] of Object.entries(defaultFetchHosts)) {
      const row = deploy.split("\n").find((line) => line.includes(`FETCH_${source.toUpperCase()}_HOSTS`));
      expect(row, `docs/deploy.md names FETCH_${source.toUpperCase()}_HOSTS`).toBeDefined();
      for (const host of hosts) expect(row).toContain(`\`${host}\``);
      const mb = defaultFetchMaxMb[source as keyof typeof defaultFetchMaxMb];
      expect(row).toContain(`${mb} MB`);
    }
  });

  it("are set through the environment", () => {
    const settings = sourceSettingsOf(
      parseEnv({
        FETCH_ALLOWED_HOSTS: "127.0.0.1, localhost",
        FETCH_NHSBSA_HOSTS: "files.nhsbsa.example",
        FETCH_CPE_MAX_MB: "2",
        FETCH_DMD_MAX_MB: "1024",
      }),
    );
    expect(settings.reach?.nhsbsa).toEqual({
      hosts: ["files.nhsbsa.example"],
      localHosts: ["127.0.0.1", "localhost"],
      maxBytes: 64 * MB,
    });
    expect(settings.reach?.cpe?.maxBytes).toBe(2 * MB);
    expect(settings.reach?.dmd?.maxBytes).toBe(1024 * MB);
  });

  it("refuse anything but loopback hosts in FETCH_ALLOWED_HOSTS, and a limit that is not a size", () => {
    for (const value of ["10.0.0.1", "www.nhsbsa.nhs.uk", "127.0.0.1,192.168.1.1", "0.0.0.0"]) {
      expect(() => parseEnv({ FETCH_ALLOWED_HOSTS: value })).toThrow(/FETCH_ALLOWED_HOSTS: expected/);
    }
    expect(() => parseEnv({ FETCH_NHSBSA_MAX_MB: "0" })).toThrow(/FETCH_NHSBSA_MAX_MB/);
    expect(() => parseEnv({ FETCH_CPE_MAX_MB: "lots" })).toThrow(/FETCH_CPE_MAX_MB/);
    expect(() => parseEnv({ FETCH_DMD_HOSTS: "https://isd.digital.nhs.uk/" })).toThrow(/FETCH_DMD_HOSTS/);
  });

  it("refuse at start-up a publisher's address over plain http, unless it is a listed loopback host", () => {
    expect(() => parseEnv({ CPE_CONCESSIONS_URL: "http://cpe.org.uk/price-concessions/" })).toThrow(
      /CPE_CONCESSIONS_URL: expected https:\/\/ addresses \(plain http:\/\/ only for a loopback host listed in FETCH_ALLOWED_HOSTS\)/,
    );
    expect(() =>
      parseEnv({
        NHSBSA_TARIFF_URL: "https://www.nhsbsa.nhs.uk/a,http://127.0.0.2:8080/b",
        FETCH_ALLOWED_HOSTS: "127.0.0.1",
      }),
    ).toThrow(/NHSBSA_TARIFF_URL: expected https/);
    expect(() =>
      parseEnv({ TRUD_API_URL: "http://[::1]:8080/trud", FETCH_ALLOWED_HOSTS: "::1" }),
    ).not.toThrow();
  });
});
