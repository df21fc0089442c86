import { getIPFromHeader } from "@better-auth/core/utils/ip";
import { describe, expect, it } from "vitest";

import { resolveClientAddress, trustedProxyMatcher } from "./client-address.mjs";

/** The one address our server hands the app for a request (ADR 004). */
const resolve = (socket: string, forwardedFor: string | undefined, trustedProxies: string[] = []) =>
  resolveClientAddress(socket, forwardedFor, trustedProxyMatcher(trustedProxies));

describe("the client address our server hands the app (ADR 004)", () => {
  it("ignores X-Forwarded-For when no proxy is configured, so a client cannot pick its own address", () => {
    expect(resolve("203.0.113.7", "1.2.3.4")).toBe("203.0.113.7");
    expect(resolve("203.0.113.7", "1.2.3.4, 5.6.7.8")).toBe("203.0.113.7");
    expect(resolve("::ffff:203.0.113.7", undefined)).toBe("203.0.113.7");
  });

  it("behind a trusted proxy, takes the first address from the right that is not a trusted hop", () => {
    expect(resolve("10.0.0.2", "198.51.100.9", ["10.0.0.0/8"])).toBe("198.51.100.9");
    expect(resolve("10.0.0.2", "198.51.100.9, 10.0.0.1", ["10.0.0.0/8"])).toBe("198.51.100.9");
    expect(resolve("::1", "2001:db8::7", ["::1"])).toBe("2001:db8::7");
  });

  it("is one address whatever a client writes to the left, so every forged chain shares one limit", () => {
    const addresses = new Set(
      ["", "1.2.3.4", "1.2.3.4, 5.6.7.8", "evil, 9.9.9.9", "a".repeat(500)].map((forged) =>
        resolve("10.0.0.2", `${forged ? `${forged}, ` : ""}198.51.100.9`, ["10.0.0.0/8"]),
      ),
    );
    expect([...addresses]).toEqual(["198.51.100.9"]);
  });

  it("does not believe X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolve("203.0.113.7", "1.2.3.4", ["10.0.0.0/8"])).toBe("203.0.113.7");
  });

  it("stops at the hop that passed on something that is not an address", () => {
    expect(resolve("10.0.0.2", "198.51.100.9, not-an-address", ["10.0.0.0/8"])).toBe("10.0.0.2");
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(() => trustedProxyMatcher(["proxy.internal"])).toThrow(/TRUSTED_PROXIES: "proxy.internal"/);
  });

  it("is the address Better Auth keys its own limits on", () => {
    const address = resolve("10.0.0.2", "1.2.3.4, 198.51.100.9", ["10.0.0.0/8"]);
    expect(getIPFromHeader(address, {})).toBe("198.51.100.9");
  });
});
