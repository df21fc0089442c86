import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { getDb } from "@/db/client";
import { verification } from "@/db/schema";

import { registerAccount } from "@/features/accounts/registration";
import { signUpSchema } from "@/features/accounts/schemas";
import { authPolicy, settleAuthEmails } from "@/lib/auth";
import { authRequest, freshClientAddress, uniqueEmail } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";

/**
 * How many guesses at an e-mailed code an attacker gets per address (docs/security.md R5, R6, abuse case 4;
 * the target is at most 15 an hour). The attacker is as strong as we can make them: a fresh client address
 * for every request (so no per-address limit of Better Auth's applies), asking for a new code whenever
 * one is allowed and guessing until each code is dead. A guess counts when the server checked it against
 * a live code (`INVALID_OTP`): had it been right, it would have signed the attacker in. The clock is
 * simulated (only `Date` is faked), so hours pass in seconds.
 */
setupTestDatabase();

const minute = 60_000;
const start = new Date("2026-11-25T09:00:00Z").getTime();

afterEach(() => vi.useRealTimers());

function at(ms: number) {
  vi.setSystemTime(new Date(start + ms));
}

/** A victim's account, signed up but not yet verified: codes for it are what the attacker guesses. */
async function victim(): Promise<string> {
  const email = uniqueEmail("victim");
  await registerAccount(
    signUpSchema.parse({
      firstName: "Vic",
      lastName: "Tim",
      jobRole: "Pharmacist",
      email,
      password: "correct horse battery staple",
      acceptLicence: true,
      acceptPrivacy: true,
    }),
    { headers: new Headers(), clientAddress: freshClientAddress() },
  );
  await settleAuthEmails();
  return email;
}

/** The code the server holds for the address, if one can still be checked: its tries so far. */
async function liveCode(email: string): Promise<{ attempts: number } | null> {
  const [row] = await getDb()
    .select()
    .from(verification)
    .where(eq(verification.identifier, `email-verification-otp-${email}`));
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  const attempts = Number(row.value.slice(row.value.lastIndexOf(":") + 1)) || 0;
  return attempts < authPolicy.otpAllowedAttempts ? { attempts } : null;
}

/**
 * Asks for a code, then guesses wrong for as long as the server holds a code it would still check.
 * Returns the guesses it checked: each of them would have signed the attacker in, had it been right.
 */
async function attack(email: string): Promise<number> {
  await authRequest("/email-otp/send-verification-otp", {
    body: { email, type: "email-verification" },
    clientAddress: freshClientAddress(),
  });
  let guesses = 0;
  while (await liveCode(email)) {
    const response = await authRequest("/email-otp/verify-email", {
      body: { email, otp: "000000" },
      clientAddress: freshClientAddress(),
    });
    expect(response.body?.code).toBe("INVALID_OTP");
    guesses += 1;
    if (guesses > 100) throw new Error("the code never died");
  }
  // Once the tries are spent, even the right code is refused.
  const after = await authRequest("/email-otp/verify-email", {
    body: { email, otp: "000000" },
    clientAddress: freshClientAddress(),
  });
  expect(after.status).toBeGreaterThanOrEqual(400);
  return guesses;
}

/** The most guesses in any span of 60 minutes, from the times the guesses were made. */
function worstHour(times: number[]): number {
  let worst = 0;
  for (const from of times)
    worst = Math.max(worst, times.filter((t) => t >= from && t < from + 60 * minute).length);
  return worst;
}

describe("guessing an e-mailed code", () => {
  it(
    "gives at most 15 guesses an hour per address to an attacker who asks as fast as allowed",
    { timeout: 300_000 },
    async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      at(0);
      const email = await victim();
      const times: number[] = [];
      const perHour = [0, 0, 0];
      // Every 20 simulated seconds for three hours: ask for a code, guess until it is dead.
      for (let t = 0; t < 180 * minute; t += 20_000) {
        at(t);
        const guesses = await attack(email);
        for (let i = 0; i < guesses; i++) times.push(t);
        perHour[Math.floor(t / (60 * minute))]! += guesses;
      }
      const worst = worstHour(times);
      recordSecurityFigure("otp-greedy", {
        strategy: "ask for a new code every 20 s for 3 simulated hours, guess until each code is dead",
        guessesPerClockHour: perHour,
        worstSixtyMinuteSpan: worst,
        attemptsPerCode: authPolicy.otpAllowedAttempts,
      });
      expect(Math.max(...perHour)).toBeLessThanOrEqual(15);
      expect(worst).toBeLessThanOrEqual(15);
    },
  );

  it(
    "gives no more in a span of 60 minutes timed around the first code's hour",
    { timeout: 300_000 },
    async () => {
      // An attacker who knows when the first code was sent spends one code at the start and the other
      // four near the end of that hour, then asks again every minute as it ends: a fixed hourly window
      // would hand over five fresh codes there and about 27 guesses within one span of 60 minutes.
      vi.useFakeTimers({ toFake: ["Date"] });
      at(0);
      const email = await victim(); // the sign-up code is the first of the hour
      const times: number[] = [];
      for (const m of [0, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66]) {
        at(m * minute + 1000);
        const guesses = await attack(email);
        for (let i = 0; i < guesses; i++) times.push(m * minute);
      }
      const worst = worstHour(times);
      recordSecurityFigure("otp-window-edge", {
        strategy:
          "one code at the hour's start, the rest at its end, then a new code asked for every minute as it ends",
        worstSixtyMinuteSpan: worst,
      });
      expect(worst).toBeLessThanOrEqual(5 * authPolicy.otpAllowedAttempts);
      expect(5 * authPolicy.otpAllowedAttempts).toBeLessThanOrEqual(15);
    },
  );
});
