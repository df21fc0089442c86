import { describe, expect, it } from "vitest";

import { authRequest, insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";

// Served over https, as in production: set before the app reads its environment.
const origin = "https://tariffscope.example";
process.env.APP_URL = origin;

setupTestDatabase();

describe("session cookies over https (SECURITY.md R10)", () => {
  it("are __Secure- prefixed, Secure, HttpOnly and SameSite=Lax", async () => {
    const account = await insertUser();
    const response = await authRequest("/sign-in/email", {
      body: { email: account.email, password: account.password },
      origin,
    });
    expect(response.status).toBe(200);
    const cookie = response.setCookie.find((value) =>
      value.startsWith("__Secure-better-auth.session_token="),
    );
    expect(cookie, response.setCookie.join("\n")).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("are issued anew at each sign-in", async () => {
    const account = await insertUser();
    const first = await authRequest("/sign-in/email", {
      body: { email: account.email, password: account.password },
      origin,
    });
    const second = await authRequest("/sign-in/email", {
      body: { email: account.email, password: account.password },
      origin,
    });
    expect(first.cookie).not.toEqual(second.cookie);
  });
});
