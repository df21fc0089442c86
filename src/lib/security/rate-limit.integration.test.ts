import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "../../../tests/fixtures/db";

import { consumeEmailAllowance } from "./email-allowance";
import { consumeRateLimit, consumeSlidingRateLimit } from "./rate-limit";

setupTestDatabase();

const minutes = (n: number) => n * 60 * 1000;

describe("per-address e-mail allowance (docs/security.md R6)", () => {
  it("sends one code a minute and at most five an hour", async () => {
    const start = new Date("2026-11-22T09:00:00Z");
    const at = (offset: number) => new Date(start.getTime() + offset);
    const email = "Hourly@Example.test";
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push((await consumeEmailAllowance(email, "code", at(minutes(i * 2)))).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
    expect((await consumeEmailAllowance(email, "code", at(minutes(11) + 30_000))).allowed).toBe(false);
    expect((await consumeEmailAllowance(email, "code", at(minutes(61)))).allowed).toBe(true);
  });

  it("allows five in any 60 minutes, not five per fixed hour", async () => {
    const start = new Date("2026-11-22T13:00:00Z");
    const at = (offset: number) => new Date(start.getTime() + offset);
    const email = "edge@example.test";
    expect((await consumeEmailAllowance(email, "code", at(0))).allowed).toBe(true);
    for (const m of [56, 57, 58, 59])
      expect((await consumeEmailAllowance(email, "code", at(minutes(m)))).allowed).toBe(true);
    // The first send is an hour old: one place is free, the other four are not until 56 minutes later.
    expect((await consumeEmailAllowance(email, "code", at(minutes(60)))).allowed).toBe(true);
    expect(await consumeEmailAllowance(email, "code", at(minutes(61)))).toEqual({
      allowed: false,
      retryAfterSeconds: 55 * 60,
    });
    expect((await consumeEmailAllowance(email, "code", at(minutes(116)))).allowed).toBe(true);
  });

  it("makes a resend within the minute wait, and says for how long", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect((await consumeEmailAllowance("cooldown@example.test", "code", now)).allowed).toBe(true);
    const again = await consumeEmailAllowance(
      "cooldown@example.test",
      "code",
      new Date(now.getTime() + 20_000),
    );
    expect(again).toEqual({ allowed: false, retryAfterSeconds: 40 });
  });

  it("counts addresses regardless of letter case, and codes apart from reset links", async () => {
    const now = new Date("2026-11-22T11:00:00Z");
    expect((await consumeEmailAllowance("case@example.test", "code", now)).allowed).toBe(true);
    expect((await consumeEmailAllowance("CASE@example.test", "code", now)).allowed).toBe(false);
    expect((await consumeEmailAllowance("case@example.test", "reset", now)).allowed).toBe(true);
  });
});

describe("consumeRateLimit", () => {
  it("lets exactly the allowed number through when 20 attempts arrive at once", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit("burst:key", { max: 5, windowSeconds: 60 }, now)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  it("lets exactly the allowed number through a sliding window when 20 arrive at once", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () =>
        consumeSlidingRateLimit("burst:sliding", { max: 5, windowSeconds: 3600 }, now),
      ),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });
});
