import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { profiles, user, verification } from "@/db/schema";
import { authPolicy, settleAuthEmails } from "@/lib/auth";
import { authRequest, freshClientAddress, insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { extractCode, latestEmailTo } from "@tests/fixtures/mailbox";

import { registerAccount } from "./registration";
import { signUpSchema } from "./schemas";

const database = setupTestDatabase();

function details(email = uniqueEmail("signup")) {
  return signUpSchema.parse({
    firstName: "Priya",
    lastName: "Patel",
    jobRole: "Pharmacist",
    email,
    password: "correct horse battery staple",
    acceptLicence: true,
    acceptPrivacy: true,
  });
}

async function signUpAndReadCode(email = uniqueEmail("signup")) {
  await registerAccount(details(email), { headers: new Headers(), clientAddress: freshClientAddress() });
  await settleAuthEmails();
  return { email, code: extractCode((await latestEmailTo(email)).text) };
}

const verify = (email: string, otp: string, clientAddress = freshClientAddress()) =>
  authRequest("/email-otp/verify-email", { body: { email, otp }, clientAddress });

describe("sign-up", () => {
  it("creates an unverified account with the profile, the acceptances and their version, and e-mails a code", async () => {
    const { email, code } = await signUpAndReadCode();
    expect(code).toMatch(/^\d{6}$/);
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(account!.emailVerified).toBe(false);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, account!.id));
    expect(profile).toMatchObject({
      firstName: "Priya",
      lastName: "Patel",
      jobRole: "Pharmacist",
      isSubscribed: false,
      termsVersion: "2024-09-01",
    });
    expect(profile!.licenceAcceptedAt).toBeInstanceOf(Date);
    expect(profile!.privacyAcceptedAt).toBeInstanceOf(Date);
  });

  it("refuses to create an account unless both documents are accepted", () => {
    const base = { ...details(), acceptLicence: undefined, acceptPrivacy: undefined };
    for (const acceptance of [
      {},
      { acceptLicence: true },
      { acceptPrivacy: true },
      { acceptLicence: false, acceptPrivacy: true },
    ]) {
      const result = signUpSchema.safeParse({ ...base, ...acceptance });
      expect(result.success).toBe(false);
    }
  });

  it("refuses a common password, and one that is the e-mail address", async () => {
    const common = { ...details(), password: "Sunshine" };
    await expect(
      registerAccount(common, { headers: new Headers(), clientAddress: freshClientAddress() }),
    ).rejects.toMatchObject({
      code: "validation",
    });
    const email = uniqueEmail("same");
    await expect(
      registerAccount(
        { ...details(email), password: email },
        { headers: new Headers(), clientAddress: freshClientAddress() },
      ),
    ).rejects.toThrow(/must not be your e-mail address/);
  });

  it("answers an address that already has an account exactly as a new one, creating nothing", async () => {
    const existing = await insertUser();
    const before = await database.db.select().from(user);
    const answer = await registerAccount(details(existing.email), {
      headers: new Headers(),
      clientAddress: freshClientAddress(),
    });
    expect(answer).toEqual({ email: existing.email });
    expect(await database.db.select().from(user)).toHaveLength(before.length);
  });

  it("signing up again before another code may be sent offers the code already sent, and sends none", async () => {
    const { email, code } = await signUpAndReadCode();
    const first = await latestEmailTo(email);
    const again = await registerAccount(details(email), {
      headers: new Headers(),
      clientAddress: freshClientAddress(),
    });
    expect(again).toEqual({
      email,
      codeWait: expect.stringMatching(
        /^We have already sent a code to this address: enter it below\. Please wait \d+ seconds before asking for another code\.$/,
      ),
    });
    await settleAuthEmails();
    expect((await latestEmailTo(email)).id).toBe(first.id);
    expect((await verify(email, code)).status).toBe(200);
  });

  it("stores only a hash of the code, never the code", async () => {
    const { email, code } = await signUpAndReadCode();
    const rows = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-verification-otp-${email}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).not.toContain(code);
  });
});

describe("the e-mailed code (docs/security.md R5, abuse case 4)", () => {
  it("verifies the address and signs the user in", async () => {
    const { email, code } = await signUpAndReadCode();
    const response = await verify(email, code);
    expect(response.status).toBe(200);
    expect(response.cookie).toMatch(/better-auth\.session_token=/);
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    expect(account!.emailVerified).toBe(true);
  });

  it("is single use", async () => {
    const { email, code } = await signUpAndReadCode();
    expect((await verify(email, code)).status).toBe(200);
    expect((await verify(email, code)).status).toBe(400);
  });

  it("is dead after three wrong tries: the right code is then refused and the record is gone", async () => {
    const { email, code } = await signUpAndReadCode();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < authPolicy.otpAllowedAttempts; attempt++) {
      expect((await verify(email, wrong)).body).toMatchObject({ code: "INVALID_OTP" });
    }
    const locked = await verify(email, code);
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect((await verify(email, code)).status).toBe(400);
    const rows = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-verification-otp-${email}`));
    expect(rows).toHaveLength(0);
  });

  it("expires: a correct code after its time is refused", async () => {
    const { email, code } = await signUpAndReadCode();
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `email-verification-otp-${email}`));
    const response = await verify(email, code);
    expect(response.body).toMatchObject({ code: "OTP_EXPIRED" });
  });

  it("lives at most ten minutes (we use five)", () => {
    expect(authPolicy.otpExpiresInSeconds).toBeLessThanOrEqual(600);
    expect(authPolicy.otpLength).toBe(6);
  });

  it("lets exactly one of two concurrent correct submissions through", async () => {
    const { email, code } = await signUpAndReadCode();
    const results = await Promise.all([verify(email, code), verify(email, code)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });

  it("resends no sooner than a minute after the last one, for any address alike", async () => {
    const { email } = await signUpAndReadCode();
    const unknown = uniqueEmail("nobody");
    const address = freshClientAddress();
    const known = await authRequest("/email-otp/send-verification-otp", {
      body: { email, type: "email-verification" },
      clientAddress: address,
    });
    expect(known.status).toBe(429);
    expect(known.body).toMatchObject({ code: "EMAIL_SEND_LIMIT" });
    const first = await authRequest("/email-otp/send-verification-otp", {
      body: { email: unknown, type: "email-verification" },
      clientAddress: address,
    });
    const second = await authRequest("/email-otp/send-verification-otp", {
      body: { email: unknown, type: "email-verification" },
      clientAddress: address,
    });
    expect([first.status, second.status]).toEqual([200, 429]);
  });

  it("answers a known and an unknown address identically (R7)", async () => {
    const known = await insertUser();
    const ask = (email: string) =>
      authRequest("/email-otp/send-verification-otp", {
        body: { email, type: "email-verification" },
        clientAddress: freshClientAddress(),
      });
    const [a, b] = [await ask(known.email), await ask(uniqueEmail("unknown"))];
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
  });
});
