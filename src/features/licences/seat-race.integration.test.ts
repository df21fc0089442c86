import { randomUUID } from "node:crypto";

import { count, eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";

import { licenceRequests, licences, profiles, user } from "@/db/schema";
import { setupTestDatabase } from "@tests/fixtures/db";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";

import { acceptInvite, createInvite } from "./invites";
import { addMemberToLicence, removeMemberFromLicence } from "./membership";
import { acceptMembershipRequest, requestMembership } from "./requests";

/**
 * The seat limit under concurrency (docs/security.md R18, abuse case 5). Real interleaving needs a real
 * PostgreSQL server: PGlite runs one statement at a time, so these tests run only with DATABASE_URL
 * (as `.ci/run`'s second run does).
 */
const onServer = inject("testDatabase").mode === "server";
if (!onServer)
  console.warn("seat-race tests skipped: they need a real PostgreSQL server (set DATABASE_URL).");

const database = setupTestDatabase();

/** 50 rounds in the ordinary run; `npm run test:security` asks for 1,000 (SEAT_RACE_ROUNDS). */
const seatRaceRounds = Number(process.env.SEAT_RACE_ROUNDS ?? 50);

async function makeUsers(howMany: number): Promise<string[]> {
  const ids = Array.from({ length: howMany }, () => randomUUID());
  await database.db.insert(user).values(ids.map((id) => ({ id, name: "Racer", email: `${id}@race.test` })));
  await database.db.insert(profiles).values(ids.map((id) => ({ id, email: `${id}@race.test` })));
  return ids;
}

/** A licence with `seats` seats and one free: its admin and `seats - 2` delegates already on it. */
async function licenceWithOneFreeSeat(seats: number): Promise<string> {
  const [licence] = await database.db
    .insert(licences)
    .values({ organisation: "Race Ltd", seats })
    .returning();
  const members = await makeUsers(seats - 1);
  for (const [index, id] of members.entries()) {
    await database.db
      .update(profiles)
      .set({ licenceId: licence!.licenceId, admin: index === 0, delegate: index > 0, isSubscribed: true })
      .where(eq(profiles.id, id));
  }
  return licence!.licenceId;
}

async function usersOn(licenceId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(profiles)
    .where(eq(profiles.licenceId, licenceId));
  return row!.n;
}

describe.skipIf(!onServer)("the last free seat, wanted by 20 at once", () => {
  it(
    `goes to exactly one of them, in each of ${seatRaceRounds} rounds`,
    { timeout: seatRaceRounds * 2_400 },
    async () => {
      const started = Date.now();
      let overruns = 0;
      let wrongWinners = 0;
      for (let round = 0; round < seatRaceRounds; round++) {
        const licenceId = await licenceWithOneFreeSeat(5);
        const candidates = await makeUsers(20);
        const results = await Promise.allSettled(candidates.map((id) => addMemberToLicence(licenceId, id)));
        const refused = results.filter((result) => result.status === "rejected");
        if (results.length - refused.length !== 1) wrongWinners += 1;
        for (const failure of refused)
          expect((failure as PromiseRejectedResult).reason).toMatchObject({ code: "seat_limit_reached" });
        if ((await usersOn(licenceId)) > 5) overruns += 1;
      }
      recordSecurityFigure("seat-race", {
        rounds: seatRaceRounds,
        concurrentAdds: 20,
        overruns,
        roundsWithoutExactlyOneWinner: wrongWinners,
        seconds: Math.round((Date.now() - started) / 1000),
      });
      expect({ overruns, wrongWinners }).toEqual({ overruns: 0, wrongWinners: 0 });
    },
  );

  it(
    "goes to exactly one of 20 users accepting a request at once, in each of 30 rounds",
    {
      timeout: 120_000,
    },
    async () => {
      for (let round = 0; round < 30; round++) {
        const licenceId = await licenceWithOneFreeSeat(5);
        const [admin] = await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId));
        const candidates = await makeUsers(20);
        const requests = [];
        for (const id of candidates)
          requests.push(await requestMembership({ licenceId, userId: id, requestedBy: admin!.id }));
        const results = await Promise.allSettled(
          requests.map(({ requestId }, index) => acceptMembershipRequest(requestId, candidates[index]!)),
        );
        expect(
          results.filter((result) => result.status === "fulfilled"),
          `round ${round}`,
        ).toHaveLength(1);
        for (const failure of results.filter((result) => result.status === "rejected"))
          expect((failure as PromiseRejectedResult).reason).toMatchObject({ code: "seat_limit_reached" });
        expect(await usersOn(licenceId)).toBe(5);
        const accepted = await database.db
          .select()
          .from(licenceRequests)
          .where(sql`${licenceRequests.licenceId} = ${licenceId} and ${licenceRequests.status} = 'accepted'`);
        expect(accepted).toHaveLength(1);
      }
    },
  );

  it("goes to one of an invitee and a requested user accepting at once", { timeout: 120_000 }, async () => {
    for (let round = 0; round < 30; round++) {
      const licenceId = await licenceWithOneFreeSeat(4);
      const [admin] = await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId));
      const [asked, invited] = await makeUsers(2);
      const { requestId } = await requestMembership({ licenceId, userId: asked!, requestedBy: admin!.id });
      const { token } = await createInvite({
        licenceId,
        email: `${invited}@race.test`,
        invitedBy: admin!.id,
      });
      const results = await Promise.allSettled([
        acceptMembershipRequest(requestId, asked!),
        acceptInvite(token, { id: invited!, email: `${invited}@race.test` }),
      ]);
      expect(
        results.filter((result) => result.status === "fulfilled"),
        `round ${round}`,
      ).toHaveLength(1);
      expect(await usersOn(licenceId)).toBe(4);
    }
  });

  /**
   * Negative control: with the guard removed — the licence row not locked and the database trigger
   * switched off — the same race over-fills the licence. This shows the test above can catch the bug.
   */
  it("would over-fill the licence without the guard", { timeout: 120_000 }, async () => {
    const naiveAdd = async (licenceId: string, userId: string) =>
      database.db.transaction(async (tx) => {
        const [licence] = await tx.select().from(licences).where(eq(licences.licenceId, licenceId));
        const [{ used }] = (await tx
          .select({ used: count() })
          .from(profiles)
          .where(eq(profiles.licenceId, licenceId))) as [{ used: number }];
        if (used >= licence!.seats) throw new Error("full");
        await tx
          .update(profiles)
          .set({ licenceId, delegate: true, isSubscribed: true })
          .where(eq(profiles.id, userId));
      });
    await database.db.execute(sql`alter table profiles disable trigger profiles_enforce_licence_seats`);
    try {
      let worst = 0;
      for (let round = 0; round < 20 && worst <= 5; round++) {
        const licenceId = await licenceWithOneFreeSeat(5);
        const candidates = await makeUsers(20);
        await Promise.allSettled(candidates.map((id) => naiveAdd(licenceId, id)));
        worst = Math.max(worst, await usersOn(licenceId));
      }
      expect(worst).toBeGreaterThan(5);
    } finally {
      await database.db.execute(sql`alter table profiles enable trigger profiles_enforce_licence_seats`);
    }
  });
});

describe.skipIf(!onServer)(
  "the last free seat, wanted by 20 at once, beside a careless path or a removal",
  () => {
    it(
      "is still refused by the database when a careless path skips the lock",
      { timeout: 60_000 },
      async () => {
        const licenceId = await licenceWithOneFreeSeat(3);
        const candidates = await makeUsers(10);
        await Promise.allSettled(
          candidates.map((id) =>
            database.db.update(profiles).set({ licenceId, delegate: true }).where(eq(profiles.id, id)),
          ),
        );
        expect(await usersOn(licenceId)).toBe(3);
      },
    );

    it(
      "stays consistent when one admin removes a user while another adds one",
      { timeout: 120_000 },
      async () => {
        for (let round = 0; round < 20; round++) {
          const licenceId = await licenceWithOneFreeSeat(4);
          const [newcomer] = await makeUsers(1);
          await addMemberToLicence(licenceId, newcomer!);
          const [leaving] = (
            await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId))
          ).filter((p) => !p.admin);
          const [second] = await makeUsers(1);
          await Promise.allSettled([
            removeMemberFromLicence(licenceId, leaving!.id),
            addMemberToLicence(licenceId, second!),
          ]);
          expect(await usersOn(licenceId)).toBeLessThanOrEqual(4);
          const [left] = await database.db.select().from(profiles).where(eq(profiles.id, leaving!.id));
          expect(left).toMatchObject({ licenceId: null, delegate: false, isSubscribed: false });
        }
      },
    );
  },
);

describe("adding and removing members", () => {
  it("sets delegate, subscribed and the licence on the added user, and reverts all three on removal", async () => {
    const licenceId = await licenceWithOneFreeSeat(3);
    const [id] = await makeUsers(1);
    await addMemberToLicence(licenceId, id!);
    expect((await database.db.select().from(profiles).where(eq(profiles.id, id!)))[0]).toMatchObject({
      licenceId,
      delegate: true,
      isSubscribed: true,
    });
    await removeMemberFromLicence(licenceId, id!);
    expect((await database.db.select().from(profiles).where(eq(profiles.id, id!)))[0]).toMatchObject({
      licenceId: null,
      delegate: false,
      isSubscribed: false,
    });
  });

  it("refuses a user already on a plan ('User On Active Plan') and a full licence", async () => {
    const licenceId = await licenceWithOneFreeSeat(3);
    const [onPlan] = await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId));
    await expect(addMemberToLicence(licenceId, onPlan!.id)).rejects.toMatchObject({
      code: "conflict",
      message: "User On Active Plan",
    });
    const [first, second] = await makeUsers(2);
    await addMemberToLicence(licenceId, first!);
    await expect(addMemberToLicence(licenceId, second!)).rejects.toMatchObject({
      code: "seat_limit_reached",
    });
  });

  it("never removes an admin", async () => {
    const licenceId = await licenceWithOneFreeSeat(3);
    const [admin] = (
      await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId))
    ).filter((p) => p.admin);
    await expect(removeMemberFromLicence(licenceId, admin!.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await usersOn(licenceId)).toBe(2);
  });

  it("lets a licence stay over its limit when the provider lowers the seats", async () => {
    const licenceId = await licenceWithOneFreeSeat(4);
    await database.db.update(licences).set({ seats: 2 }).where(eq(licences.licenceId, licenceId));
    expect(await usersOn(licenceId)).toBe(3);
  });
});
