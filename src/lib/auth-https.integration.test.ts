import { describe, expect, it } from "vitest";

import { authRequest, insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";

// Served over https, as in production: set before the app reads its environment.
const origin = "https://tariffscope.example";
process.env.APP_URL = origin;

setupTestDatabase();

const signIn = async () => {
  const account = await insertUser();
  return authRequest("/sign-in/email", {
    body: { email: account.email, password: account.password },
    origin,
  });
};

describe("session cookies over https (docs/security.md R10)", () => {
  it("are __Host- prefixed: Secure, for path / and this host only; HttpOnly and SameSite=Lax", async () => {
    const response = await signIn();
    expect(response.status).toBe(200);
    const cookie = response.setCookie.find((value) => value.startsWith("__Host-better-auth.session_token="));
    expect(cookie, response.setCookie.join("\n")).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    for (const other of response.setCookie.filter((value) => /^[^=]*better-auth/.test(value)))
      expect(other).toMatch(/^__Host-/);
  });

  it("carry the session, and sign-out clears the same cookie", async () => {
    const { cookie } = await signIn();
    expect((await authRequest("/get-session", { cookie, origin })).body).toMatchObject({
      user: { email: expect.any(String) },
    });
    const signOut = await authRequest("/sign-out", { body: {}, cookie, origin });
    expect(signOut.setCookie.find((value) => value.startsWith("__Host-better-auth.session_token=;"))).toMatch(
      /Max-Age=0/,
    );
    expect((await authRequest("/get-session", { cookie, origin })).body).toBeNull();
  });

  it("are issued anew at each sign-in", async () => {
    expect((await signIn()).cookie).not.toEqual((await signIn()).cookie);
  });
});
