import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { devOutbox, licenceRequests, profiles } from "@/db/schema";
import { currentUserOf, insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { runAs as run } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { latestEmailTo } from "@tests/fixtures/mailbox";

import * as commands from "./commands";
import { ownPlanWords, planInTheWay } from "./own-plan";
import { getLicenceDetails, getRequestsToJoin } from "./queries";
import { requestMembership } from "./requests";

/** The Add User search and the consent an added user gives (ADR 036). */
const database = setupTestDatabase();

const organisation = (seats = 5, name = "Consent Pharmacy Ltd") => insertOrganisation({ seats, name });

async function profileOf(id: string) {
  return (await database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
}

async function registered(options: Parameters<typeof insertUser>[0] = {}) {
  return currentUserOf(await insertUser(options));
}

/** The one request the user can answer now. */
async function openRequestOf(user: { id: string }) {
  const requests = await getRequestsToJoin(user.id);
  expect(requests).toHaveLength(1);
  return requests[0]!;
}

async function outboxSize() {
  const [{ n }] = (await database.db.select({ n: count() }).from(devOutbox)) as [{ n: number }];
  return n;
}

describe("the Add User search (product §2.13)", () => {
  it("tells an admin no more than yes and the user's own name about someone outside their licence", async () => {
    const { admin } = await organisation(5, "Searcher Ltd");
    const other = await organisation(5, "Elsewhere Ltd");
    await database.db
      .update(profiles)
      .set({ lastSignedIn: new Date("2026-01-02T10:00:00Z"), jobRole: "Superintendent" })
      .where(eq(profiles.id, other.member.id));
    const result = await run(commands.searchUser, { email: other.member.email.toUpperCase() }, admin);
    expect(result).toEqual({ ok: true, data: { found: true, name: "Test User", onYourLicence: false } });
    const answer = JSON.stringify(result);
    for (const secret of [other.member.email, other.licenceId, "Superintendent", "Elsewhere", "2026"])
      expect(answer).not.toContain(secret);
  });

  it("gives no name for a user who shared none, and says so when the user is on the admin's own licence", async () => {
    const { admin, member } = await organisation();
    const nameless = await insertUser();
    await database.db
      .update(profiles)
      .set({ firstName: null, lastName: null })
      .where(eq(profiles.id, nameless.id));
    expect(await run(commands.searchUser, { email: nameless.email }, admin)).toEqual({
      ok: true,
      data: { found: true, name: null, onYourLicence: false },
    });
    expect(await run(commands.searchUser, { email: member.email }, admin)).toEqual({
      ok: true,
      data: { found: true, name: "Test User", onYourLicence: true },
    });
  });
});

describe("adding a registered user", () => {
  it("asks for their consent: nothing changes for them until they accept", async () => {
    const { admin, licenceId } = await organisation();
    const newcomer = await registered();
    expect(await run(commands.addUser, { email: newcomer.email.toUpperCase() }, admin)).toEqual({
      ok: true,
      data: { email: newcomer.email, alreadyRequested: false },
    });
    expect(await profileOf(newcomer.id)).toMatchObject({
      licenceId: null,
      delegate: false,
      isSubscribed: false,
    });
    expect((await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId))).length).toBe(
      2,
    );

    const message = await latestEmailTo(newcomer.email);
    expect(message.subject).toBe("Test User asked you to join Consent Pharmacy Ltd on TariffScope");
    expect(message.text).toMatch(/\/account-management\/licence-requests/);
    expect(message.text).toContain("Nothing changes for your account unless you accept.");
    expect(message.headers).toHaveProperty("List-Unsubscribe");

    const details = await getLicenceDetails(licenceId);
    expect(details!.requests).toEqual([
      expect.objectContaining({ email: newcomer.email, name: "Test User" }),
    ]);
    const request = await openRequestOf(newcomer);
    expect(request).toMatchObject({ organisation: "Consent Pharmacy Ltd", requestedBy: "Test User" });
    expect(request.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);

    expect(await run(commands.acceptRequest, { requestId: request.id }, newcomer)).toEqual({
      ok: true,
      data: { organisation: "Consent Pharmacy Ltd" },
    });
    expect(await profileOf(newcomer.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });
    expect((await getLicenceDetails(licenceId))!.requests).toEqual([]);
    expect(await getRequestsToJoin(newcomer.id)).toEqual([]);
    expect((await latestEmailTo(newcomer.email)).subject).toBe(
      "You have been added to Consent Pharmacy Ltd on TariffScope",
    );
  });

  it("is the same request when repeated: one request, one e-mail (R23)", async () => {
    const { admin, licenceId } = await organisation();
    const newcomer = await registered();
    const before = await outboxSize();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await run(commands.addUser, { email: newcomer.email }, admin));
    expect(answers.map((answer) => answer.ok && answer.data.alreadyRequested)).toEqual([false, true, true]);
    expect(await outboxSize()).toBe(before + 1);
    expect((await getLicenceDetails(licenceId))!.requests).toHaveLength(1);
  });

  it("is one request when made several times at once", async () => {
    const { admin, licenceId } = await organisation();
    const newcomer = await registered();
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        requestMembership({ licenceId, userId: newcomer.id, requestedBy: admin.id }),
      ),
    );
    expect(made.filter(({ created }) => created)).toHaveLength(1);
    expect(new Set(made.map(({ requestId }) => requestId)).size).toBe(1);
  });

  it("answers alike for a user on another plan, who cannot accept while on it", async () => {
    const { admin } = await organisation();
    const other = await organisation(5, "Other Ltd");
    const free = await registered();
    const freeAnswer = await run(commands.addUser, { email: free.email }, admin);
    const takenAnswer = await run(commands.addUser, { email: other.member.email }, admin);
    expect(freeAnswer).toEqual({ ok: true, data: { email: free.email, alreadyRequested: false } });
    expect(takenAnswer).toEqual({ ok: true, data: { email: other.member.email, alreadyRequested: false } });

    const request = await openRequestOf(other.member);
    expect(await run(commands.acceptRequest, { requestId: request.id }, other.member)).toMatchObject({
      ok: false,
      code: "conflict",
      message: `User On Active Plan: ${ownPlanWords.memberInvitee}`,
    });
    expect(await profileOf(other.member.id)).toMatchObject({ licenceId: other.licenceId });
  });

  it("tells both sides what happens to a plan the user pays for: it cannot be given up by accepting, and stays", async () => {
    const { admin } = await organisation(5, "Asking Ltd");
    const paying = await organisation(5, "Own Plan Ltd");
    const before = await getLicenceDetails(paying.licenceId);
    expect(await run(commands.addUser, { email: paying.admin.email }, admin)).toMatchObject({ ok: true });
    const message = await latestEmailTo(paying.admin.email);
    expect(message.text).toContain(ownPlanWords.forInvitee);

    const request = await openRequestOf(paying.admin);
    expect(await run(commands.acceptRequest, { requestId: request.id }, paying.admin)).toEqual({
      ok: false,
      code: "conflict",
      message: `User On Active Plan: ${ownPlanWords.payingInvitee}`,
    });
    expect(await profileOf(paying.admin.id)).toMatchObject({
      licenceId: paying.licenceId,
      admin: true,
      isSubscribed: true,
    });
    expect(await getLicenceDetails(paying.licenceId)).toEqual(before);
    expect(planInTheWay(await profileOf(paying.admin.id))).toBe("own");
    expect(planInTheWay(await profileOf(paying.member.id))).toBe("another");
    expect(planInTheWay(await profileOf((await registered()).id))).toBeNull();
  });

  it("refuses an unknown address, a user already on the licence, and a licence without a free seat", async () => {
    const { admin, member } = await organisation(3);
    expect(await run(commands.addUser, { email: uniqueEmail("nobody") }, admin)).toMatchObject({
      ok: false,
      code: "not_found",
      message: "No User Found",
    });
    expect(await run(commands.addUser, { email: member.email }, admin)).toMatchObject({
      ok: false,
      code: "conflict",
      message: "That user is already on your licence.",
    });
    const first = await registered();
    await run(commands.addUser, { email: first.email }, admin);
    await run(commands.acceptRequest, { requestId: (await openRequestOf(first)).id }, first);
    const late = await registered();
    expect(await run(commands.addUser, { email: late.email }, admin)).toMatchObject({
      ok: false,
      code: "seat_limit_reached",
    });
    expect(await getRequestsToJoin(late.id)).toEqual([]);
  });

  it("allows 20 invitations and requests an hour per admin together; a burst of 30 sends no more than 20", async () => {
    const { admin } = await organisation(5);
    const before = await outboxSize();
    const results = [];
    for (let i = 0; i < 30; i++) {
      const target = await insertUser();
      results.push(
        i % 2 === 0
          ? await run(commands.addUser, { email: target.email }, admin)
          : await run(commands.inviteUser, { email: uniqueEmail(`burst${i}`) }, admin),
      );
    }
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.slice(20).every((result) => !result.ok && result.code === "rate_limited")).toBe(true);
    expect(await outboxSize()).toBe(before + 20);
  });
});

describe("answering a request", () => {
  it("lets the user decline: the admin no longer sees it, and it cannot be accepted", async () => {
    const { admin, licenceId } = await organisation();
    const user = await registered();
    await run(commands.addUser, { email: user.email }, admin);
    const request = await openRequestOf(user);
    expect(await run(commands.declineRequest, { requestId: request.id }, user)).toEqual({
      ok: true,
      data: { declined: true },
    });
    // Declining again changes nothing and is not an error (R23).
    expect(await run(commands.declineRequest, { requestId: request.id }, user)).toMatchObject({ ok: true });
    expect((await getLicenceDetails(licenceId))!.requests).toEqual([]);
    expect(await run(commands.acceptRequest, { requestId: request.id }, user)).toMatchObject({
      ok: false,
      code: "not_found",
      message: expect.stringMatching(/no longer open/),
    });
    expect((await profileOf(user.id)).licenceId).toBeNull();
    // The admin may ask again; that is a new request.
    expect(await run(commands.addUser, { email: user.email }, admin)).toMatchObject({
      ok: true,
      data: { alreadyRequested: false },
    });
  });

  it("lets the admin cancel it: the user can no longer accept", async () => {
    const { admin } = await organisation();
    const user = await registered();
    await run(commands.addUser, { email: user.email }, admin);
    const request = await openRequestOf(user);
    expect(await run(commands.cancelRequest, { requestId: request.id }, admin)).toEqual({
      ok: true,
      data: { cancelled: true },
    });
    expect(await run(commands.cancelRequest, { requestId: request.id }, admin)).toMatchObject({ ok: true });
    expect(await getRequestsToJoin(user.id)).toEqual([]);
    expect(await run(commands.acceptRequest, { requestId: request.id }, user)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect((await profileOf(user.id)).licenceId).toBeNull();
  });

  it("is for its own user and licence only (R2)", async () => {
    const a = await organisation(5, "A Ltd");
    const b = await organisation(5, "B Ltd");
    const user = await registered();
    const stranger = await registered();
    await run(commands.addUser, { email: user.email }, a.admin);
    const request = await openRequestOf(user);
    for (const attempt of [
      run(commands.acceptRequest, { requestId: request.id }, stranger),
      run(commands.declineRequest, { requestId: request.id }, stranger),
      run(commands.cancelRequest, { requestId: request.id }, b.admin),
      run(commands.cancelRequest, { requestId: request.id }, a.member),
    ])
      expect(await attempt).toMatchObject({ ok: false });
    expect((await profileOf(stranger.id)).licenceId).toBeNull();
    expect(await openRequestOf(user)).toMatchObject({ id: request.id });
    expect(await run(commands.acceptRequest, { requestId: request.id }, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
  });

  it("expires: an expired request is not shown, cannot be accepted, and a new add makes a fresh one", async () => {
    const { admin, licenceId } = await organisation();
    const user = await registered();
    await run(commands.addUser, { email: user.email }, admin);
    const request = await openRequestOf(user);
    await database.db
      .update(licenceRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(licenceRequests.id, request.id));
    expect(await getRequestsToJoin(user.id)).toEqual([]);
    expect((await getLicenceDetails(licenceId))!.requests).toEqual([]);
    expect(await run(commands.acceptRequest, { requestId: request.id }, user)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect((await profileOf(user.id)).licenceId).toBeNull();
    const before = await outboxSize();
    expect(await run(commands.addUser, { email: user.email }, admin)).toMatchObject({
      ok: true,
      data: { alreadyRequested: false },
    });
    expect(await outboxSize()).toBe(before + 1);
    expect((await openRequestOf(user)).id).not.toBe(request.id);
  });

  it("takes the seat when accepted: once the licence has filled up, acceptance is refused", async () => {
    const { admin, licenceId } = await organisation(3);
    const [early, late] = [await registered(), await registered()];
    await run(commands.addUser, { email: early.email }, admin);
    await run(commands.addUser, { email: late.email }, admin);
    const lateRequest = await openRequestOf(late);
    expect(
      await run(commands.acceptRequest, { requestId: (await openRequestOf(early)).id }, early),
    ).toMatchObject({ ok: true });
    expect(await run(commands.acceptRequest, { requestId: lateRequest.id }, late)).toMatchObject({
      ok: false,
      code: "seat_limit_reached",
      message: expect.stringMatching(/Consent Pharmacy Ltd has no free seats/),
    });
    expect((await profileOf(late.id)).licenceId).toBeNull();
    expect((await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId))).length).toBe(
      3,
    );
  });

  it("accepting twice is the same as once (R23), also at once", async () => {
    const { admin, licenceId } = await organisation();
    const user = await registered();
    await run(commands.addUser, { email: user.email }, admin);
    const request = await openRequestOf(user);
    const answers = await Promise.all([
      run(commands.acceptRequest, { requestId: request.id }, user),
      run(commands.acceptRequest, { requestId: request.id }, user),
    ]);
    expect(answers).toEqual([
      { ok: true, data: { organisation: "Consent Pharmacy Ltd" } },
      { ok: true, data: { organisation: "Consent Pharmacy Ltd" } },
    ]);
    expect(await profileOf(user.id)).toMatchObject({ licenceId, delegate: true, isSubscribed: true });
  });

  it.each([
    { requestId: "not-a-uuid" },
    { requestId: "00000000-0000-4000-8000-000000000001", licenseId: "00000000-0000-4000-8000-000000000002" },
    { requestId: "00000000-0000-4000-8000-000000000001", userId: "someone" },
  ])("refuses extra or wrong-shaped fields: %j", async (input) => {
    const user = await registered();
    expect(await run(commands.acceptRequest, input, user)).toMatchObject({ ok: false, code: "validation" });
  });
});
