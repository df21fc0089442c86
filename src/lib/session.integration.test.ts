import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { profiles, session, userSuspensions } from "@/db/schema";
import { insertUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs, nextHeaders } from "@tests/fixtures/request-context";

import { authPolicy, getAuth } from "./auth";
import { getCurrentUser } from "./session";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * The signed-in user as every page and route reads them (ADR 231): an ordinary session is read with
 * the profile in one query; a session past an end or due its renewal goes to Better Auth, which
 * ends or renews it; either way the app sees what Better Auth would say.
 */
const database = setupTestDatabase();
afterEach(() => vi.restoreAllMocks());
const day = 24 * 60 * 60 * 1000;

const sessionOf = async (userId: string) =>
  (await database.db.select().from(session).where(eq(session.userId, userId)))[0];

/** A subscriber signed in through Better Auth, their session row then changed by `change`. */
async function signedInWith(change: Partial<typeof session.$inferInsert> = {}) {
  const account = await insertUser({ subscribed: true });
  await actAs(account);
  if (Object.keys(change).length > 0)
    await database.db.update(session).set(change).where(eq(session.userId, account.id));
  return account;
}

describe("reading the signed-in user", () => {
  it("reads an ordinary session with the profile in one query, and writes nothing", async () => {
    const account = await signedInWith();
    const before = await sessionOf(account.id);
    const asked = vi.spyOn(getAuth().api, "getSession");
    const current = await getCurrentUser();
    expect(asked).not.toHaveBeenCalled();
    expect(current).toMatchObject({
      id: account.id,
      email: account.email,
      firstName: "Test",
      subscribed: true,
      seatUsage: null,
      trial: null,
    });
    expect(await sessionOf(account.id)).toEqual(before);
  });

  it("follows the profile on the next request: a subscription ended is seen at once (R12)", async () => {
    const account = await signedInWith();
    await database.db.update(profiles).set({ isSubscribed: false }).where(eq(profiles.id, account.id));
    expect((await getCurrentUser())?.subscribed).toBe(false);
  });

  it("lets Better Auth renew a session a day after its expiry was last set", async () => {
    const lastSet = Date.now() - authPolicy.sessionRefreshSeconds * 1000 - 60_000;
    const account = await signedInWith({
      expiresAt: new Date(lastSet + authPolicy.sessionSlidingSeconds * 1000),
    });
    const asked = vi.spyOn(getAuth().api, "getSession");
    expect((await getCurrentUser())?.id).toBe(account.id);
    expect(asked).toHaveBeenCalledOnce();
    const renewed = await sessionOf(account.id);
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(
      Date.now() + authPolicy.sessionSlidingSeconds * 1000 - 60_000,
    );
  });

  it("ends a session past its 30-day absolute limit however its expiry was moved on (R11)", async () => {
    const account = await signedInWith({ createdAt: new Date(Date.now() - 31 * day) });
    expect(await getCurrentUser()).toBeNull();
    expect(await sessionOf(account.id)).toBeUndefined();
  });

  it("ends the session of a suspended user at once (ADR 075)", async () => {
    const account = await signedInWith();
    await database.db
      .insert(userSuspensions)
      .values({ userId: account.id, suspendedBy: "owner", reason: "test" });
    expect(await getCurrentUser()).toBeNull();
    expect(await sessionOf(account.id)).toBeUndefined();
  });

  it("refuses an expired session", async () => {
    await signedInWith({ expiresAt: new Date(Date.now() - 1_000) });
    expect(await getCurrentUser()).toBeNull();
  });

  it("refuses a session ended elsewhere (signed out on another device)", async () => {
    const account = await signedInWith();
    await database.db.delete(session).where(eq(session.userId, account.id));
    expect(await getCurrentUser()).toBeNull();
  });

  it("refuses a cookie whose token was changed, and a visitor without one", async () => {
    const account = await insertUser({ subscribed: true });
    const cookie = (await actAs(account))!;
    const { token } = (await sessionOf(account.id))!;
    await actAs(null);
    expect(await getCurrentUser()).toBeNull();
    (await nextHeaders.headers()).set("cookie", cookie.replace(token, `${token.slice(0, -1)}A`));
    expect(await getCurrentUser()).toBeNull();
  });

  it("signs in a user without a profile as not subscribed", async () => {
    const account = await signedInWith();
    await database.db.delete(profiles).where(eq(profiles.id, account.id));
    expect(await getCurrentUser()).toMatchObject({ id: account.id, subscribed: false, admin: false });
  });
});
