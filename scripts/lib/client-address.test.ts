import { getIPFromHeader } from "@better-auth/core/utils/ip";
import { describe, expect, it } from "vitest";

import { clientAddressChain } from "./client-address.mjs";

/** What Better Auth will key its rate limits on, given what our server passes it. */
function resolved(socket: string, forwardedFor: string | undefined, trustedProxies: string[]) {
  return getIPFromHeader(clientAddressChain(socket, forwardedFor, trustedProxies), { trustedProxies });
}

describe("the client address our server passes to the app (ADR 004)", () => {
  it("ignores X-Forwarded-For when no proxy is configured, so a client cannot pick its own address", () => {
    expect(resolved("203.0.113.7", "1.2.3.4", [])).toBe("203.0.113.7");
    expect(resolved("203.0.113.7", "1.2.3.4, 5.6.7.8", [])).toBe("203.0.113.7");
    expect(resolved("::ffff:203.0.113.7", undefined, [])).toBe("203.0.113.7");
  });

  it("behind a trusted proxy, takes the first address from the right that is not a trusted hop", () => {
    expect(resolved("10.0.0.2", "198.51.100.9", ["10.0.0.0/8"])).toBe("198.51.100.9");
    // A client-supplied entry to the left of the real one changes nothing.
    expect(resolved("10.0.0.2", "1.2.3.4, 198.51.100.9", ["10.0.0.0/8"])).toBe("198.51.100.9");
  });

  it("does not believe X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolved("203.0.113.7", "1.2.3.4", ["10.0.0.0/8"])).toBe("203.0.113.7");
  });
});
