import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { licenses, profiles } from "@/db/schema";
import { getProfileSummary } from "@/features/accounts/queries";
import { currentUserOf, insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { runAs as run } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { latestEmailTo } from "@tests/fixtures/mailbox";

import * as commands from "./commands";
import { addMemberToLicence } from "./membership";

/**
 * Membership follows the licence's status (ADR 035): a licence whose subscription gives no access
 * takes no new members by any path, and its members are not treated as subscribed.
 */
const database = setupTestDatabase();

const withoutAccess = ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"];
const withAccess = ["active", "trialing", "past_due"];

async function organisation(seats = 5) {
  const [licence] = await database.db
    .insert(licenses)
    .values({ organisation: "Status Pharmacy Ltd", numberOfLicenses: seats })
    .returning();
  const admin = await insertUser({ admin: true, subscribed: true, licenseId: licence!.licenseId });
  return { licenseId: licence!.licenseId, admin: await currentUserOf(admin) };
}

/** What the provider's sync does when a subscription changes state: the licence and its users follow. */
async function setStatus(licenseId: string, status: string) {
  await database.db.update(licenses).set({ status }).where(eq(licenses.licenseId, licenseId));
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
    const { admin, licenseId } = await organisation();
    const email = uniqueEmail("invitee");
    const token = await inviteToken(admin, email);
    await setStatus(licenseId, status);
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({
      ok: false,
      code: "subscription_required",
      message: expect.stringMatching(/Status Pharmacy Ltd.*not active/),
    });
    expect(await profileOf(invitee.id)).toMatchObject({
      licenseId: null,
      delegate: false,
      isSubscribed: false,
    });
  });

  it.each(withoutAccess)(
    "is refused by the membership service itself when the licence is %s",
    async (status) => {
      const { licenseId } = await organisation();
      await setStatus(licenseId, status);
      const newcomer = await insertUser();
      await expect(addMemberToLicence(licenseId, newcomer.id)).rejects.toMatchObject({
        code: "subscription_required",
      });
      expect(await profileOf(newcomer.id)).toMatchObject({ licenseId: null, isSubscribed: false });
    },
  );

  it("leaves the invitation open, so it can be used once the subscription is renewed", async () => {
    const { admin, licenseId } = await organisation();
    const email = uniqueEmail("patient");
    const token = await inviteToken(admin, email);
    await setStatus(licenseId, "canceled");
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({ ok: false });
    await setStatus(licenseId, "active");
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({ ok: true });
    expect(await profileOf(invitee.id)).toMatchObject({ licenseId, delegate: true, isSubscribed: true });
  });
});

describe("joining a licence whose subscription gives access", () => {
  it.each(withAccess)("is allowed when the licence is %s, and the newcomer is subscribed", async (status) => {
    const { admin, licenseId } = await organisation();
    const email = uniqueEmail("joiner");
    const token = await inviteToken(admin, email);
    await setStatus(licenseId, status);
    const invitee = await currentUserOf(await insertUser({ email }));
    expect(await run(commands.joinWithInvite, { token }, invitee)).toMatchObject({ ok: true });
    expect(await profileOf(invitee.id)).toMatchObject({ licenseId, delegate: true, isSubscribed: true });
  });
});

describe("reading a user's access", () => {
  it.each(withoutAccess)(
    "does not count a member as subscribed when the licence is %s, whatever their profile says",
    async (status) => {
      const { licenseId } = await organisation();
      const member = await insertUser({ delegate: true, subscribed: true, licenseId });
      await setStatus(licenseId, status);
      expect(await getProfileSummary(member.id)).toMatchObject({ isSubscribed: false, licenseId });
    },
  );

  it.each(withAccess)("counts a member as subscribed when the licence is %s", async (status) => {
    const { licenseId } = await organisation();
    const member = await insertUser({ delegate: true, subscribed: true, licenseId });
    await setStatus(licenseId, status);
    expect(await getProfileSummary(member.id)).toMatchObject({ isSubscribed: true });
  });

  it("never counts a profile marked unsubscribed as subscribed, even on an active licence", async () => {
    const { licenseId } = await organisation();
    const member = await insertUser({ delegate: true, subscribed: false, licenseId });
    expect(await getProfileSummary(member.id)).toMatchObject({ isSubscribed: false });
  });
});
