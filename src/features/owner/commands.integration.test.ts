import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  apiKeys,
  licenceInvites,
  licences,
  ownerAuditLog,
  profiles,
  session,
  userSuspensions,
} from "@/db/schema";
import { createApiKey, revokeApiKey } from "@/features/api/keys";
import { createInvite } from "@/features/licences/invites";
import { addMemberToLicence } from "@/features/licences/membership";
import {
  authRequest,
  currentUserOf,
  freshClientAddress,
  insertUser,
  uniqueEmail,
} from "@tests/fixtures/accounts";
import { runAs as run } from "@tests/fixtures/actions";
import { apiCall, problemOf } from "@tests/fixtures/data-api";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { latestEmailTo } from "@tests/fixtures/mailbox";

import * as commands from "./commands";
import { getLicenceForOwner } from "./queries";

const database = setupTestDatabase();

/** The owner is whoever OWNER_USER_IDS names; the session decides that, so tests set the flag as it would. */
async function anOwner() {
  return { ...(await currentUserOf(await insertUser({ subscribed: true }))), isOwner: true };
}

const reason = "Customer asked by phone, ticket 4411";

async function auditOf(licenceId: string) {
  return database.db.select().from(ownerAuditLog).where(eq(ownerAuditLog.licenceId, licenceId));
}

async function seatsOf(licenceId: string) {
  const [row] = await database.db
    .select({ seats: licences.seats })
    .from(licences)
    .where(eq(licences.licenceId, licenceId));
  return row!.seats;
}

function signIn(email: string, password: string) {
  return authRequest("/sign-in/email", { body: { email, password }, clientAddress: freshClientAddress() });
}

describe("who may use the owner actions", () => {
  it("answers not found to anyone but the owner, even a licence admin, and changes nothing", async () => {
    const { licenceId, admin, member } = await insertOrganisation({ seats: 5 });
    for (const caller of [admin, member, { ...admin, admin: true, subscribed: true }]) {
      expect(await run(commands.changeSeats, { licenceId, seats: 9, reason }, caller)).toMatchObject({
        ok: false,
        code: "not_found",
      });
      expect(await run(commands.suspendUser, { userId: member.id, reason }, caller)).toMatchObject({
        ok: false,
        code: "not_found",
      });
    }
    expect(await run(commands.changeSeats, { licenceId, seats: 9, reason }, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
    expect(await seatsOf(licenceId)).toBe(5);
    expect(await auditOf(licenceId)).toEqual([]);
    expect(await database.db.select().from(userSuspensions)).toEqual([]);
  });

  it("requires a reason and refuses an acting-user id slipped into the input", async () => {
    const owner = await anOwner();
    const { licenceId } = await insertOrganisation({ seats: 5 });
    expect(await run(commands.changeSeats, { licenceId, seats: 6, reason: "  " }, owner)).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { reason: [expect.any(String)] },
    });
    expect(
      await run(commands.changeSeats, { licenceId, seats: 6, reason, actorId: "someone-else" }, owner),
    ).toMatchObject({ ok: false, code: "validation" });
    expect(await seatsOf(licenceId)).toBe(5);
  });
});

describe("changing a licence's seat count", () => {
  it("never goes below the seats in use, and records who, why, before and after", async () => {
    const owner = await anOwner();
    const { licenceId } = await insertOrganisation({ seats: 5 });
    // Two users (admin and delegate) hold seats.
    expect(await run(commands.changeSeats, { licenceId, seats: 1, reason }, owner)).toMatchObject({
      ok: false,
      code: "conflict",
      fieldErrors: { seats: ["At least 2 seats: that many are in use."] },
    });
    expect(await run(commands.changeSeats, { licenceId, seats: 0, reason }, owner)).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(await seatsOf(licenceId)).toBe(5);
    expect(await auditOf(licenceId)).toEqual([]);

    expect(await run(commands.changeSeats, { licenceId, seats: 2, reason }, owner)).toEqual({
      ok: true,
      data: { seats: 2 },
    });
    expect(await seatsOf(licenceId)).toBe(2);
    expect(await auditOf(licenceId)).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        actorEmail: owner.email,
        action: "licence.seats_changed",
        reason,
        before: { seats: 5, seatsInUse: 2 },
        after: { seats: 2, seatsInUse: 2 },
        createdAt: expect.any(Date),
      }),
    ]);
    // The lowered count is now the limit the seat guard holds.
    const newcomer = await insertUser();
    await expect(addMemberToLicence(licenceId, newcomer.id)).rejects.toMatchObject({
      code: "seat_limit_reached",
    });
  });

  it("answers not found for a licence that does not exist", async () => {
    const owner = await anOwner();
    expect(
      await run(
        commands.changeSeats,
        { licenceId: "00000000-0000-4000-8000-00000000dead", seats: 3, reason },
        owner,
      ),
    ).toMatchObject({ ok: false, code: "not_found" });
  });
});

describe("suspending and restoring a user", () => {
  it("signs the user out at once, refuses their next request and their next sign-in, and restores them", async () => {
    const owner = await anOwner();
    const { licenceId } = await insertOrganisation({ seats: 5 });
    const person = await insertUser({ delegate: true, subscribed: true, licenceId });
    const { cookie } = await signIn(person.email, person.password);
    expect((await authRequest("/get-session", { cookie })).body).toMatchObject({
      user: { email: person.email },
    });

    expect(await run(commands.suspendUser, { userId: person.id, reason }, owner)).toMatchObject({ ok: true });
    expect((await authRequest("/get-session", { cookie })).body).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    const refused = await signIn(person.email, person.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "ACCOUNT_SUSPENDED" });
    expect(await run(commands.suspendUser, { userId: person.id, reason }, owner)).toMatchObject({
      ok: false,
      code: "conflict",
    });

    expect(await run(commands.restoreUser, { userId: person.id, reason }, owner)).toMatchObject({ ok: true });
    expect((await signIn(person.email, person.password)).status).toBe(200);

    const entries = await auditOf(licenceId);
    expect(
      entries.map((entry) => [entry.action, entry.userId, entry.before.suspended, entry.after.suspended]),
    ).toEqual(
      expect.arrayContaining([
        ["user.suspended", person.id, false, true],
        ["user.restored", person.id, true, false],
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it("refuses and deletes a session the suspension did not end (a sign-in racing it) on its next request", async () => {
    const owner = await anOwner();
    const person = await insertUser();
    const { cookie } = await signIn(person.email, person.password);
    // The suspension row alone, as if the session had been written after the suspension ended the others.
    await database.db.insert(userSuspensions).values({ userId: person.id, suspendedBy: owner.id, reason });
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toHaveLength(1);
    expect((await authRequest("/get-session", { cookie })).body).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);
  });

  it("will not let the owner suspend themselves", async () => {
    const owner = await anOwner();
    expect(await run(commands.suspendUser, { userId: owner.id, reason }, owner)).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });
});

describe("resending an invitation", () => {
  it("sends a new link, ends the old one, and records it on the licence page", async () => {
    const owner = await anOwner();
    const { licenceId, admin } = await insertOrganisation({ seats: 5, name: "Resend Pharmacy" });
    const email = uniqueEmail("invitee");
    await createInvite({ licenceId, email, invitedBy: admin.id });
    const [invite] = await database.db.select().from(licenceInvites).where(eq(licenceInvites.email, email));

    expect(await run(commands.resendInvite, { inviteId: invite!.id, reason }, owner)).toEqual({
      ok: true,
      data: { email },
    });
    const rows = await database.db.select().from(licenceInvites).where(eq(licenceInvites.email, email));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.expiresAt > new Date())).toHaveLength(1);
    expect((await latestEmailTo(email)).subject).toContain("Resend Pharmacy");

    const page = await getLicenceForOwner(licenceId);
    expect(page!.audit).toEqual([
      expect.objectContaining({ action: "invite.resent", actorEmail: owner.email, reason }),
    ]);
    expect(page!.invites).toHaveLength(2);
  });

  it("refuses an invitation already accepted", async () => {
    const owner = await anOwner();
    const { licenceId, admin } = await insertOrganisation({ seats: 5 });
    const email = uniqueEmail("accepted");
    await createInvite({ licenceId, email, invitedBy: admin.id });
    await database.db
      .update(licenceInvites)
      .set({ acceptedAt: new Date() })
      .where(eq(licenceInvites.email, email));
    const [invite] = await database.db.select().from(licenceInvites).where(eq(licenceInvites.email, email));
    expect(await run(commands.resendInvite, { inviteId: invite!.id, reason }, owner)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await auditOf(licenceId)).toEqual([]);
    expect((await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId))).length).toBe(
      2,
    );
  });
});

describe("changing an API key's limits (ADR 220)", () => {
  async function limitsOf(keyId: string) {
    const [row] = await database.db
      .select({ perMinute: apiKeys.perMinute, perDay: apiKeys.perDay })
      .from(apiKeys)
      .where(eq(apiKeys.id, keyId));
    return row;
  }

  async function aKey(name = "Stock system") {
    const org = await insertOrganisation({ seats: 5 });
    const { key, summary } = await createApiKey(org.licenceId, org.admin.id, name);
    return { ...org, key, keyId: summary.id };
  }

  it("is the owner's alone: the licence's own admin cannot raise their allowance", async () => {
    const { licenceId, admin, member, keyId } = await aKey();
    const input = { licenceId, keyId, perMinute: 5000, perDay: 900_000, reason };
    for (const caller of [admin, member])
      expect(await run(commands.changeKeyLimits, input, caller)).toMatchObject({
        ok: false,
        code: "not_found",
      });
    expect(await run(commands.changeKeyLimits, input, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
    expect(await limitsOf(keyId)).toEqual({ perMinute: 120, perDay: 20_000 });
    expect(await auditOf(licenceId)).toEqual([]);
  });

  it("changes only a key in use of the licence named, never another licence's", async () => {
    const owner = await anOwner();
    const ours = await aKey("Ours");
    const theirs = await aKey("Theirs");
    const change = { perMinute: 10, perDay: 100, reason };
    expect(
      await run(
        commands.changeKeyLimits,
        { licenceId: ours.licenceId, keyId: theirs.keyId, ...change },
        owner,
      ),
    ).toEqual({ ok: false, code: "not_found", message: "This licence has no such key in use." });
    expect(await limitsOf(theirs.keyId)).toEqual({ perMinute: 120, perDay: 20_000 });
    await revokeApiKey(ours.licenceId, ours.keyId);
    expect(
      await run(commands.changeKeyLimits, { licenceId: ours.licenceId, keyId: ours.keyId, ...change }, owner),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(await auditOf(ours.licenceId)).toEqual([]);
    expect(await auditOf(theirs.licenceId)).toEqual([]);
  });

  it("refuses limits that are not whole numbers in range, or a day's below a minute's, saying which and why", async () => {
    const owner = await anOwner();
    const { licenceId, keyId } = await aKey();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ perMinute: "1.5" }, { perMinute: ["Enter the requests a minute as a whole number."] }],
      [{ perDay: "lots" }, { perDay: ["Enter the requests a day as a whole number."] }],
      [{ perMinute: 0 }, { perMinute: ["Allow at least 1 request a minute."] }],
      [{ perMinute: "" }, { perMinute: ["Enter the requests a minute as a whole number."] }],
      [{ perMinute: 6001, perDay: 10_000 }, { perMinute: ["Allow at most 6,000 requests a minute."] }],
      [{ perDay: 1_000_001 }, { perDay: ["Allow at most 1,000,000 requests a day."] }],
      [
        { perMinute: 300, perDay: 200 },
        { perDay: ["Allow at least as many requests a day as a minute (300)."] },
      ],
    ];
    for (const [given, fieldErrors] of cases)
      expect(
        await run(
          commands.changeKeyLimits,
          { licenceId, keyId, perMinute: 60, perDay: 6000, reason, ...given },
          owner,
        ),
        JSON.stringify(given),
      ).toEqual({
        ok: false,
        code: "validation",
        message: "Please check the highlighted fields.",
        fieldErrors,
      });
    expect(
      await run(
        commands.changeKeyLimits,
        { licenceId, keyId, perMinute: 120, perDay: 20_000, reason },
        owner,
      ),
    ).toEqual({ ok: false, code: "conflict", message: "The key already has these limits." });
    expect(await limitsOf(keyId)).toEqual({ perMinute: 120, perDay: 20_000 });
    expect(await auditOf(licenceId)).toEqual([]);
  });

  it("is enforced from the key's next call, 429 with Retry-After past it, and recorded with its reason", async () => {
    const owner = await anOwner();
    const { licenceId, key, keyId } = await aKey();
    const call = () => apiCall("/months", { key });
    expect((await call()).status).toBe(200);
    // The form sends the numbers as typed.
    expect(
      await run(commands.changeKeyLimits, { licenceId, keyId, perMinute: "2", perDay: "50", reason }, owner),
    ).toEqual({ ok: true, data: { perMinute: 2, perDay: 50 } });
    // The call before the change counts in this minute: one more is allowed, then none.
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await problemOf(limited)).toMatchObject({
      code: "rate_limited",
      detail: expect.stringContaining("(2 a minute, 50 a day)"),
    });

    // Raised again, the key is let through at once.
    expect(
      await run(commands.changeKeyLimits, { licenceId, keyId, perMinute: 10, perDay: 50, reason }, owner),
    ).toMatchObject({ ok: true });
    expect((await call()).status).toBe(200);

    const prefix = `${key.slice(0, 20)}…`;
    const page = await getLicenceForOwner(licenceId);
    expect(
      page!.audit.map(({ action, actorEmail, reason: why, before, after }) => ({
        action,
        actorEmail,
        why,
        before,
        after,
      })),
    ).toEqual([
      {
        action: "api_key.limits_changed",
        actorEmail: owner.email,
        why: reason,
        before: { key: "Stock system", prefix, perMinute: 2, perDay: 50 },
        after: { key: "Stock system", prefix, perMinute: 10, perDay: 50 },
      },
      {
        action: "api_key.limits_changed",
        actorEmail: owner.email,
        why: reason,
        before: { key: "Stock system", prefix, perMinute: 120, perDay: 20_000 },
        after: { key: "Stock system", prefix, perMinute: 2, perDay: 50 },
      },
    ]);
  });
});
