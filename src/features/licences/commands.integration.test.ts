import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { devOutbox, licenceInvites, profiles } from "@/db/schema";
import { currentUserOf, insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { latestEmailTo } from "@tests/fixtures/mailbox";

import * as commands from "./commands";
import { getRequestsToJoin } from "./queries";

const database = setupTestDatabase();

const run = runAs;

/** An organisation: a licence with an admin and a delegate. */
const organisation = (seats = 5, name = "Shah Pharmacy Ltd") => insertOrganisation({ seats, name });

async function profileOf(id: string) {
  return (await database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
}

describe("who may manage a licence (docs/security.md R1, R2)", () => {
  it("refuses anyone signed out, a member who is not an admin, and an admin without a subscription", async () => {
    const { admin, member } = await organisation();
    const email = uniqueEmail("target");
    expect(await run(commands.inviteUser, { email }, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
    expect(await run(commands.inviteUser, { email }, member)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await run(commands.inviteUser, { email }, { ...admin, subscribed: false })).toMatchObject({
      ok: false,
      code: "subscription_required",
    });
    expect(await database.db.select().from(licenceInvites).where(eq(licenceInvites.email, email))).toEqual(
      [],
    );
  });

  it("keeps an admin of licence A away from licence B's users", async () => {
    const a = await organisation(5, "A Ltd");
    const b = await organisation(5, "B Ltd");
    expect(await run(commands.removeUser, { userId: b.member.id }, a.admin)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect((await profileOf(b.member.id)).licenceId).toBe(b.licenceId);
    // A may ask B's delegate, but that changes nothing for them, and they cannot accept while on B.
    expect(await run(commands.addUser, { email: b.member.email }, a.admin)).toMatchObject({ ok: true });
    const [request] = await getRequestsToJoin(b.member.id);
    expect(await run(commands.acceptRequest, { requestId: request!.id }, b.member)).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringMatching(/^User On Active Plan/),
    });
    expect(await profileOf(b.member.id)).toMatchObject({ licenceId: b.licenceId, isSubscribed: true });
  });

  it.each([
    { email: "x@example.test", licenseId: "00000000-0000-4000-8000-000000000009" },
    { email: "x@example.test", is_subscribed: true },
    { email: "x@example.test", delegate: true, admin: true },
    { email: "x@example.test", number_of_licenses: 999 },
    JSON.parse('{"email":"x@example.test","__proto__":{"admin":true}}'),
    { email: "x@example.test", constructor: { prototype: { admin: true } } },
    { email: ["x@example.test", "y@example.test"] },
  ])("refuses extra or wrong-shaped fields (mass assignment, R3): %j", async (input) => {
    const { admin } = await organisation();
    const before = await database.db.select().from(profiles);
    const result = await run(commands.addUser, input, admin);
    expect(result).toMatchObject({ ok: false, code: "validation" });
    expect(await database.db.select().from(profiles)).toEqual(before);
  });
});

describe("adding and removing users", () => {
  it("adds a registered user once they accept, e-mails them, and removes them again with an e-mail too", async () => {
    const { admin, licenceId } = await organisation();
    const newcomer = await currentUserOf(await insertUser());
    expect(await run(commands.searchUser, { email: newcomer.email.toUpperCase() }, admin)).toMatchObject({
      ok: true,
      data: { found: true },
    });
    expect(await run(commands.addUser, { email: newcomer.email }, admin)).toMatchObject({ ok: true });
    const [request] = await getRequestsToJoin(newcomer.id);
    expect(await run(commands.acceptRequest, { requestId: request!.id }, newcomer)).toEqual({
      ok: true,
      data: { organisation: "Shah Pharmacy Ltd" },
    });
    expect(await profileOf(newcomer.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });
    const added = await latestEmailTo(newcomer.email);
    expect(added.subject).toMatch(/Shah Pharmacy Ltd/);
    expect(added.headers).toHaveProperty("List-Unsubscribe");

    expect(await run(commands.removeUser, { userId: newcomer.id }, admin)).toMatchObject({ ok: true });
    expect(await profileOf(newcomer.id)).toMatchObject({
      licenceId: null,
      delegate: false,
      isSubscribed: false,
    });
    expect((await latestEmailTo(newcomer.email)).id).toBeGreaterThan(added.id);
  });

  it("answers a search for an unknown address with 'not found', and a bad address with the spec's message", async () => {
    const { admin } = await organisation();
    expect(await run(commands.searchUser, { email: uniqueEmail("nobody") }, admin)).toEqual({
      ok: true,
      data: { found: false },
    });
    const bad = await run(commands.searchUser, { email: "not-an-address" }, admin);
    expect(bad).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { email: ["Please enter a valid email address"] },
    });
  });
});

describe("invitations (docs/security.md R17, abuse case 3)", () => {
  it("e-mails one signed, single-use link to the invitee only, from the fixed template", async () => {
    const { admin } = await organisation();
    const email = uniqueEmail("invitee");
    expect(await run(commands.inviteUser, { email }, admin)).toEqual({ ok: true, data: { email } });
    const message = await latestEmailTo(email);
    expect(message.to).toBe(email);
    expect(message.text).toMatch(/\/account-management\/delegate-signup\?token=[\w-]{40,}/);
    const [invite] = await database.db.select().from(licenceInvites).where(eq(licenceInvites.email, email));
    expect(message.text).not.toContain(invite!.tokenHash);
  });

  it.each([
    ["a line break", { email: "a@x.test\r\nBcc: victim@y.test" }],
    ["fifty recipients", { email: Array.from({ length: 50 }, (_, i) => `r${i}@x.test`) }],
    [
      "a subject, body and sender of the caller's",
      { email: "a@x.test", subject: "Hi", html: "<b>spam</b>", from: "ceo@x.test", bcc: "v@y.test" },
    ],
  ])("refuses %s", async (_label, input) => {
    const { admin } = await organisation();
    const [{ before }] = (await database.db.select({ before: count() }).from(devOutbox)) as [
      { before: number },
    ];
    expect(await run(commands.inviteUser, input, admin)).toMatchObject({ ok: false, code: "validation" });
    const [{ after }] = (await database.db.select({ after: count() }).from(devOutbox)) as [{ after: number }];
    expect(after).toBe(before);
  });

  it("allows 20 invitations an hour per admin; a burst of 30 sends no more than 20", async () => {
    const { admin } = await organisation(5);
    const results = [];
    for (let i = 0; i < 30; i++)
      results.push(await run(commands.inviteUser, { email: uniqueEmail(`burst${i}`) }, admin));
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.slice(20).every((result) => !result.ok && result.code === "rate_limited")).toBe(true);
  });

  it("refuses to invite when the licence has no free seat", async () => {
    const { admin } = await organisation(2);
    expect(await run(commands.inviteUser, { email: uniqueEmail("nofree") }, admin)).toMatchObject({
      ok: false,
      code: "seat_limit_reached",
    });
  });

  it("joins the invitee if a seat is free when they accept, once, and only for the invited address", async () => {
    const { admin, licenceId } = await organisation(3);
    const email = uniqueEmail("joiner");
    await run(commands.inviteUser, { email }, admin);
    const token = /token=([\w-]+)/.exec((await latestEmailTo(email)).text)![1]!;

    const stranger = await currentUserOf(await insertUser());
    expect(await run(commands.joinWithInvite, { token }, stranger)).toMatchObject({
      ok: false,
      code: "forbidden",
    });

    const invitee = await currentUserOf(await insertUser({ email }));
    const [first, second] = await Promise.all([
      run(commands.joinWithInvite, { token }, invitee),
      run(commands.joinWithInvite, { token }, invitee),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await profileOf(invitee.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });
  });

  it("does not let a pending invitation hold a seat: the last seat goes to whoever joins first", async () => {
    const { admin, licenceId } = await organisation(3);
    const email = uniqueEmail("late");
    await run(commands.inviteUser, { email }, admin);
    const token = /token=([\w-]+)/.exec((await latestEmailTo(email)).text)![1]!;
    const walkIn = await currentUserOf(await insertUser());
    expect(await run(commands.addUser, { email: walkIn.email }, admin)).toMatchObject({ ok: true });
    const [request] = await getRequestsToJoin(walkIn.id);
    expect(await run(commands.acceptRequest, { requestId: request!.id }, walkIn)).toMatchObject({ ok: true });
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({
      ok: false,
      code: "seat_limit_reached",
    });
    expect((await profileOf(invitee.id)).licenceId).toBeNull();
    expect((await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId))).length).toBe(
      3,
    );
  });
});

describe("the subscription notice", () => {
  it("shows for a user without a subscription until they close it, and never for a subscriber", async () => {
    const user = await currentUserOf(await insertUser());
    expect(await run(commands.accountNoticeState, {}, user)).toEqual({
      ok: true,
      data: { subscriptionNotice: true, requestsToJoin: [] },
    });
    await run(commands.dismissSubscriptionNotice, {}, user);
    expect(await run(commands.accountNoticeState, {}, user)).toEqual({
      ok: true,
      data: { subscriptionNotice: false, requestsToJoin: [] },
    });
    const { member } = await organisation();
    expect(await run(commands.accountNoticeState, {}, member)).toEqual({
      ok: true,
      data: { subscriptionNotice: false, requestsToJoin: [] },
    });
  });

  it("gives way to a request to join a licence, which the user is told about instead", async () => {
    const { admin } = await organisation(5, "Asking Ltd");
    const user = await currentUserOf(await insertUser());
    await run(commands.addUser, { email: user.email }, admin);
    expect(await run(commands.accountNoticeState, {}, user)).toEqual({
      ok: true,
      data: { subscriptionNotice: false, requestsToJoin: ["Asking Ltd"] },
    });
  });
});
