import { serializeSignedCookie } from "better-call";
import { describe, expect, it } from "vitest";

import { signedSessionToken } from "./signed-session-cookie";

const name = "better-auth.session_token";
const secret = "a secret of at least thirty-two characters";
const token = "Kx3vQ9mZp2LrT8wYh5NcB1dF7gJ4sA6e";

/** The `name=value` part of the Set-Cookie header Better Auth's own signing makes. */
async function signedCookie(cookieName = name, value = token, key = secret) {
  return (await serializeSignedCookie(cookieName, value, key)).split(";")[0]!;
}

describe("reading the signed session cookie as Better Auth does", () => {
  it("gives the token of a cookie Better Auth signed, among other cookies", async () => {
    expect(signedSessionToken(`theme=dark; ${await signedCookie()}; other=1`, name, secret)).toBe(token);
  });

  it("refuses a cookie signed with another secret", async () => {
    expect(signedSessionToken(await signedCookie(name, token, `${secret}!`), name, secret)).toBeNull();
  });

  it("refuses a token changed after signing, and a signature cut short", async () => {
    const cookie = await signedCookie();
    expect(signedSessionToken(cookie.replace(token, `${token.slice(0, -1)}x`), name, secret)).toBeNull();
    expect(signedSessionToken(cookie.slice(0, -6), name, secret)).toBeNull();
  });

  it("refuses a token without a signature, and no cookie at all", () => {
    expect(signedSessionToken(`${name}=${token}`, name, secret)).toBeNull();
    expect(signedSessionToken(`${name}=.${token}`, name, secret)).toBeNull();
    expect(signedSessionToken(null, name, secret)).toBeNull();
    expect(signedSessionToken("", name, secret)).toBeNull();
  });

  it("reads only the cookie of that exact name, not a __Secure- one planted beside it (R10)", async () => {
    const planted = await signedCookie(`__Secure-${name}`);
    expect(signedSessionToken(planted, name, secret)).toBeNull();
  });

  it("takes the first of two cookies of the name, as Better Auth's parser does", async () => {
    const other = await signedCookie(name, "AnotherTokenOfThirtyTwoCharacter");
    expect(signedSessionToken(`${await signedCookie()}; ${other}`, name, secret)).toBe(token);
  });
});
