import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";

import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("unsubscribe tokens", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("verifies to the lower-cased address it was signed for", () => {
    const token = signUnsubscribeToken(" Pat.Smith@Example.co.uk ");
    expect(verifyUnsubscribeToken(token)).toBe("pat.smith@example.co.uk");
    expect(signUnsubscribeToken("pat.smith@example.co.uk")).toBe(token);
  });

  it("refuses another address's signature, a tampered address, and junk", () => {
    const alice = signUnsubscribeToken("alice@example.com");
    const bob = signUnsubscribeToken("bob@example.com");
    const [aliceAddress, aliceMac] = alice.split(".");
    const [, bobMac] = bob.split(".");
    expect(verifyUnsubscribeToken(`${aliceAddress}.${bobMac}`)).toBeNull();
    const mallory = Buffer.from("mallory@example.com").toString("base64url");
    expect(verifyUnsubscribeToken(`${mallory}.${aliceMac}`)).toBeNull();
    for (const junk of ["", ".", "abc", `${aliceAddress}.`, `.${aliceMac}`, `${alice}x`, "a".repeat(5000)]) {
      expect(verifyUnsubscribeToken(junk)).toBeNull();
    }
    expect(verifyUnsubscribeToken(undefined)).toBeNull();
    expect(verifyUnsubscribeToken(null)).toBeNull();
  });

  it("refuses a token signed with another key", () => {
    vi.stubEnv("BETTER_AUTH_SECRET", "one-secret-of-at-least-32-characters!!");
    const token = signUnsubscribeToken("alice@example.com");
    vi.stubEnv("BETTER_AUTH_SECRET", "another-secret-of-at-least-32-characters");
    expect(verifyUnsubscribeToken(token)).toBeNull();
  });

  it("needs BETTER_AUTH_SECRET in production instead of the development key", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("BETTER_AUTH_SECRET", "");
    expect(() => signUnsubscribeToken("alice@example.com")).toThrow(/BETTER_AUTH_SECRET/);
  });

  it("round-trips any address (property)", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(verifyUnsubscribeToken(signUnsubscribeToken(address))).toBe(address.toLowerCase());
      }),
    );
    // Internationalised addresses too: any Unicode text survives the base64url trip.
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 80 }), (text) => {
        const normalised = text.trim().toLowerCase();
        fc.pre(normalised.length > 0);
        expect(verifyUnsubscribeToken(signUnsubscribeToken(text))).toBe(normalised);
      }),
    );
  });

  it("refuses any single-character change (property)", () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.nat(),
        fc.oneof(fc.constantFrom(...base64url, "."), fc.string({ minLength: 1, maxLength: 1 })),
        (address, at, replacement) => {
          const token = signUnsubscribeToken(address);
          const index = at % token.length;
          fc.pre(token[index] !== replacement);
          const changed = token.slice(0, index) + replacement + token.slice(index + 1);
          expect(verifyUnsubscribeToken(changed)).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });
});
