import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { licences, profiles } from "@/db/schema";
import { getProfileSummary } from "@/lib/session";
import { currentUserOf, insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { runAs as run } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { latestEmailTo } from "@tests/fixtures/mailbox";

import * as commands from "./commands";
import { addMemberToLicence } from "./membership";
import { getRequestsToJoin } from "./queries";

/**
 * Membership follows the licence's status (ADR 035): a licence whose subscription gives no access
 * takes no new members by any path, and its members are not treated as subscribed.
 */
const database = setupTestDatabase();

const withoutAccess = ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"];
const withAccess = ["active", "trialing", "past_due"];

const organisation = () => insertOrganisation({ name: "Status Pharmacy Ltd" });

/** What the provider's sync does when a subscription changes state: the licence and its users follow. */
async function setStatus(licenceId: string, status: string) {
  await database.db.update(licences).set({ status }).where(eq(licences.licenceId, licenceId));
}

async function profileOf(id: string) {
  return (await database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
}

async function inviteToken(admin: Awaited<ReturnType<typeof organisation>>["admin"], email: string) {
  expect(await run(commands.inviteUser, { email }, admin)).toMatchObject({ ok: true });
  return /token=([\w-]+)/.exec((await latestEmailTo(email)).text)![1]!;
}

describe("joining a licence whose subscription gives no access", () => {
  it.each(withoutAccess)("is refused by invitation when the licence is %s", async (status) => {
    const { admin, licenceId } = await organisation();
    const email = uniqueEmail("invitee");
    const token = await inviteToken(admin, email);
    await setStatus(licenceId, status);
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({
      ok: false,
      code: "subscription_required",
      message: expect.stringMatching(/Status Pharmacy Ltd.*not active/),
    });
    expect(await profileOf(invitee.id)).toMatchObject({
      licenceId: null,
      delegate: false,
      isSubscribed: false,
    });
  });

  it.each(withoutAccess)(
    "is refused by the membership service itself when the licence is %s",
    async (status) => {
      const { licenceId } = await organisation();
      await setStatus(licenceId, status);
      const newcomer = await insertUser();
      await expect(addMemberToLicence(licenceId, newcomer.id)).rejects.toMatchObject({
        code: "subscription_required",
      });
      expect(await profileOf(newcomer.id)).toMatchObject({ licenceId: null, isSubscribed: false });
    },
  );

  it.each(withoutAccess)(
    "is refused when the licence is %s, on accepting an admin's request",
    async (status) => {
      const { admin, licenceId } = await organisation();
      const user = await currentUserOf(await insertUser());
      expect(await run(commands.addUser, { email: user.email }, admin)).toMatchObject({ ok: true });
      await setStatus(licenceId, status);
      const [request] = await getRequestsToJoin(user.id);
      expect(await run(commands.acceptRequest, { requestId: request!.id }, user)).toMatchObject({
        ok: false,
        code: "subscription_required",
        message: expect.stringMatching(/Status Pharmacy Ltd.*not active/),
      });
      expect(await profileOf(user.id)).toMatchObject({
        licenceId: null,
        delegate: false,
        isSubscribed: false,
      });
    },
  );

  it.each(withoutAccess)(
    "is not even asked for when the licence is %s: no request, no invitation, no e-mail",
    async (status) => {
      const { admin, licenceId } = await organisation();
      await setStatus(licenceId, status);
      const user = await insertUser();
      const invitee = uniqueEmail("lapsed");
      // An admin whose session still says subscribed (a sync not yet run) is refused all the same.
      for (const attempt of [
        run(commands.addUser, { email: user.email }, admin),
        run(commands.inviteUser, { email: invitee }, admin),
      ])
        expect(await attempt).toMatchObject({ ok: false, code: "subscription_required" });
      expect(await getRequestsToJoin(user.id)).toEqual([]);
      await expect(latestEmailTo(user.email)).rejects.toThrow(/No e-mail/);
      await expect(latestEmailTo(invitee)).rejects.toThrow(/No e-mail/);
    },
  );

  it("leaves the invitation open, so it can be used once the subscription is renewed", async () => {
    const { admin, licenceId } = await organisation();
    const email = uniqueEmail("patient");
    const token = await inviteToken(admin, email);
    await setStatus(licenceId, "canceled");
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({ ok: false });
    await setStatus(licenceId, "active");
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({ ok: true });
    expect(await profileOf(invitee.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });
  });
});

describe("joining a licence whose subscription gives access", () => {
  it.each(withAccess)("is allowed when the licence is %s, and the newcomer is subscribed", async (status) => {
    const { admin, licenceId } = await organisation();
    await setStatus(licenceId, status);
    const email = uniqueEmail("joiner");
    const token = await inviteToken(admin, email);
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({ ok: true });
    expect(await profileOf(invitee.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });

    const asked = await currentUserOf(await insertUser());
    expect(await run(commands.addUser, { email: asked.email }, admin)).toMatchObject({ ok: true });
    const [request] = await getRequestsToJoin(asked.id);
    expect(await run(commands.acceptRequest, { requestId: request!.id }, asked)).toMatchObject({ ok: true });
    expect(await profileOf(asked.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });
  });
});

describe("reading a user's access", () => {
  it.each(withoutAccess)(
    "does not count a member as subscribed when the licence is %s, whatever their profile says",
    async (status) => {
      const { licenceId } = await organisation();
      const member = await insertUser({ delegate: true, subscribed: true, licenceId });
      await setStatus(licenceId, status);
      expect(await getProfileSummary(member.id)).toMatchObject({ isSubscribed: false, licenceId });
    },
  );

  it.each(withAccess)("counts a member as subscribed when the licence is %s", async (status) => {
    const { licenceId } = await organisation();
    const member = await insertUser({ delegate: true, subscribed: true, licenceId });
    await setStatus(licenceId, status);
    expect(await getProfileSummary(member.id)).toMatchObject({ isSubscribed: true });
  });

  it("reads the licence's seats and the users holding one with the profile, for the over-limit notice", async () => {
    const { licenceId } = await organisation();
    const member = await insertUser({ delegate: true, subscribed: true, licenceId });
    const before = (await getProfileSummary(member.id))!.seatUsage!;
    await insertUser({ delegate: true, subscribed: true, licenceId });
    // The plan is then lowered below the users it has (the over-limit case).
    await database.db.update(licences).set({ seats: 1 }).where(eq(licences.licenceId, licenceId));
    expect((await getProfileSummary(member.id))!.seatUsage).toEqual({ seats: 1, users: before.users + 1 });
    const loner = await insertUser({ subscribed: false });
    expect((await getProfileSummary(loner.id))!.seatUsage).toBeNull();
  });

  it("never counts a profile marked unsubscribed as subscribed, even on an active licence", async () => {
    const { licenceId } = await organisation();
    const member = await insertUser({ delegate: true, subscribed: false, licenceId });
    expect(await getProfileSummary(member.id)).toMatchObject({ isSubscribed: false });
  });
});
