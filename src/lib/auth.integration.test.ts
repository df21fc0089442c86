import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { session } from "@/db/schema";
import { authRequest, freshClientAddress, insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { latestEmailTo } from "@tests/fixtures/mailbox";

import { authPolicy, getAuth, settleAuthEmails } from "./auth";

const database = setupTestDatabase();

const signIn = (
  email: string,
  password: string,
  clientAddress = freshClientAddress(),
  headers?: Record<string, string>,
) => authRequest("/sign-in/email", { body: { email, password }, clientAddress, headers });

describe("sign-in", () => {
  it("signs a verified user in with an HttpOnly, SameSite=Lax session cookie that lasts 7 days", async () => {
    const account = await insertUser();
    const response = await signIn(account.email, account.password);
    expect(response.status).toBe(200);
    const cookie = response.setCookie.find((value) => value.startsWith("better-auth.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Max-Age=${authPolicy.sessionSlidingSeconds}`));
    const token = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!).split(".")[0]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
  });

  it("says the same thing for a wrong password and an unknown address (R7)", async () => {
    const account = await insertUser();
    const wrong = await signIn(account.email, "not the password at all");
    const unknown = await signIn(uniqueEmail("ghost"), "not the password at all");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
  });

  it("refuses an unconfirmed address with EMAIL_NOT_VERIFIED, which the card offers to resend for", async () => {
    const account = await insertUser();
    await database.db.execute(`update auth_user set email_verified = false where id = '${account.id}'`);
    const response = await signIn(account.email, account.password);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
  });

  it("allows 3 attempts per 10 seconds from one address, and a forged X-Forwarded-For does not reset that (R6)", async () => {
    const address = freshClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const forged = { "x-forwarded-for": `10.0.${attempt}.${attempt + 1}` };
      statuses.push((await signIn(uniqueEmail("burst"), "whatever password", address, forged)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("refuses a request from another site's Origin (CSRF)", async () => {
    const account = await insertUser();
    const response = await signIn(account.email, account.password, freshClientAddress(), {
      origin: "http://evil.example",
    });
    expect(response.status).toBe(403);
  });

  it("ends the session on the server at sign-out: the old cookie no longer works (R11)", async () => {
    const account = await insertUser();
    const { cookie } = await signIn(account.email, account.password);
    expect((await authRequest("/get-session", { cookie })).body).toMatchObject({
      user: { email: account.email },
    });
    expect((await authRequest("/sign-out", { body: {}, cookie })).status).toBe(200);
    expect((await authRequest("/get-session", { cookie })).body).toBeNull();
  });

  it("records when the user last signed in", async () => {
    const account = await insertUser();
    await signIn(account.email, account.password);
    const [row] = await database.db
      .execute<{ last_signed_in: Date }>(`select last_signed_in from profiles where id = '${account.id}'`)
      .then((result) => result.rows);
    expect(new Date(row!.last_signed_in).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("the 30-day absolute session limit (R11)", () => {
  /** A signed-in session whose row says it began `days` ago; sliding renewal kept it alive until now. */
  async function sessionStartedDaysAgo(days: number) {
    const account = await insertUser();
    const { cookie } = await signIn(account.email, account.password);
    await database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, account.id));
    return { account, cookie };
  }

  const sessionRows = (userId: string) =>
    database.db.select().from(session).where(eq(session.userId, userId));

  it("keeps a 29-day-old session that is still within its sliding window", async () => {
    const { account, cookie } = await sessionStartedDaysAgo(29);
    expect((await authRequest("/get-session", { cookie })).body).toMatchObject({
      user: { email: account.email },
    });
    expect(await sessionRows(account.id)).toHaveLength(1);
  });

  const endpoints: [string, (cookie: string, password: string) => ReturnType<typeof authRequest>][] = [
    ["GET /get-session", (cookie) => authRequest("/get-session", { cookie })],
    ["GET /list-sessions", (cookie) => authRequest("/list-sessions", { cookie })],
    ["GET /list-accounts", (cookie) => authRequest("/list-accounts", { cookie })],
    [
      "POST /change-password",
      (cookie, password) =>
        authRequest("/change-password", {
          cookie,
          body: { currentPassword: password, newPassword: "a brand new passphrase" },
        }),
    ],
    [
      "POST /verify-password",
      (cookie, password) => authRequest("/verify-password", { cookie, body: { password } }),
    ],
    ["POST /revoke-other-sessions", (cookie) => authRequest("/revoke-other-sessions", { cookie, body: {} })],
    ["POST /update-session", (cookie) => authRequest("/update-session", { cookie, body: {} })],
  ];

  it.each(endpoints)("refuses and revokes a 31-day-old session at %s", async (_name, call) => {
    const { account, cookie } = await sessionStartedDaysAgo(31);
    const response = await call(cookie, account.password);
    if (response.status === 200) expect(response.body).toBeNull();
    else expect(response.status).toBe(401);
    expect(await sessionRows(account.id)).toHaveLength(0);
    expect((await signIn(account.email, account.password)).status, "the password is unchanged").toBe(200);
  });

  it("refuses and revokes it when the app asks Better Auth for the session on the server", async () => {
    const { account, cookie } = await sessionStartedDaysAgo(31);
    expect(await getAuth().api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect(await sessionRows(account.id)).toHaveLength(0);
  });
});

describe("password reset (R9)", () => {
  const requestReset = (email: string, clientAddress = freshClientAddress()) =>
    authRequest("/request-password-reset", {
      body: { email, redirectTo: "/account-management/update-password" },
      clientAddress,
    });

  async function resetToken(email: string) {
    await settleAuthEmails();
    const link = /https?:\/\/\S+\/reset-password\/([\w-]+)\?callbackURL=[^\s"]+/.exec(
      (await latestEmailTo(email)).text,
    );
    expect(link, "the e-mail holds the reset link").not.toBeNull();
    expect(decodeURIComponent(link![0])).toContain("callbackURL=/account-management/update-password");
    return link![1]!;
  }

  it("answers the same whether or not the address has an account (R7)", async () => {
    const account = await insertUser();
    const known = await requestReset(account.email);
    const unknown = await requestReset(uniqueEmail("ghost"));
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
  });

  it("sets a new password, ends every session, and the link works once", async () => {
    const account = await insertUser();
    const { cookie } = await signIn(account.email, account.password);
    await requestReset(account.email);
    const token = await resetToken(account.email);

    const reset = await authRequest("/reset-password", {
      body: { newPassword: "a brand new passphrase", token },
    });
    expect(reset.status).toBe(200);
    expect((await authRequest("/get-session", { cookie })).body).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.userId, account.id))).toHaveLength(0);
    expect((await signIn(account.email, "a brand new passphrase")).status).toBe(200);
    expect((await signIn(account.email, account.password)).status).toBe(401);

    const again = await authRequest("/reset-password", {
      body: { newPassword: "yet another passphrase", token },
    });
    expect(again.status).toBe(400);
  });

  it("refuses one of the 3,000 most common passwords (R8)", async () => {
    const account = await insertUser();
    await requestReset(account.email);
    const token = await resetToken(account.email);
    const reset = await authRequest("/reset-password", { body: { newPassword: "iloveyou", token } });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ code: "PASSWORD_NOT_ALLOWED" });
  });
});

describe("the Better Auth settings we rely on", () => {
  it("keeps rate limits on and in the database, the cookie cache off, and sign-up only through our own action", () => {
    const { options } = getAuth();
    expect(options.rateLimit).toMatchObject({ enabled: true, storage: "database" });
    expect(options.session?.cookieCache?.enabled).toBe(false);
    expect(options.emailAndPassword).toMatchObject({
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
    });
    expect(options.disabledPaths).toContain("/sign-up/email");
  });

  it("does not offer a sign-up endpoint over HTTP, which would skip the terms (R3)", async () => {
    const response = await authRequest("/sign-up/email", {
      body: { email: uniqueEmail("direct"), password: "a sensible passphrase", name: "Direct" },
    });
    expect(response.status).toBe(404);
  });
});
