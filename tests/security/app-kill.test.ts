import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { licenceInvites, licences, profiles, webhookEvents } from "@/db/schema";
import { createInvite } from "@/features/licences/invites";
import { insertUser } from "@tests/fixtures/accounts";
import {
  callServerAction,
  deliverWebhook,
  holdRowLock,
  serverAction,
  signInOverHttp,
  startFakeStripeApi,
  startStripeModeServer,
  subscriptionUpdate,
  waitForBackendGone,
  waitForBlockedTransaction,
  webhookProfileUpdate,
} from "@tests/fixtures/app-server";
import { licenceOfSubscription, profileOf } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { recordSecurityFigure } from "@tests/fixtures/security-figures";

import type { RunningProduct } from "../../scripts/lib/product-server";

/**
 * Abuse case 15 (docs/security.md): `kill -9` of the real app server (the production build, started as
 * `npm start` does, on PostgreSQL) while it is inside the transaction of a webhook and of an
 * add-member, then a restart and a redelivery. To land the kill inside the transaction every time,
 * the test holds a row lock the transaction needs from a connection of its own, waits until the
 * server's transaction queues on it (having written or locked what comes before), and kills then.
 */
const database = setupTestDatabase();
const port = Number(process.env.KILL_SERVER_PORT ?? 3191);
let stripe: Awaited<ReturnType<typeof startFakeStripeApi>>;
let server: RunningProduct | undefined;
const figures: Record<string, unknown> = {};

async function startServer() {
  server = await startStripeModeServer({ port, databaseUrl: database.url, stripePort: stripe.port });
  return server;
}

/** Kills the server while the request is queued inside its transaction, then lets the lock go. */
async function killWhileBlocked(
  request: Promise<unknown>,
  lock: { release: () => Promise<void> },
  statement: RegExp,
  holding: string[],
) {
  // A request answered before it blocked is a failure of the seam: show what it answered.
  let early: unknown;
  void request.then((answer) => (early = answer)).catch(() => {});
  const pid = await waitForBlockedTransaction(database.pool, statement, holding).catch((error: Error) => {
    throw new Error(`${error.message}\nThe request answered: ${JSON.stringify(early)?.slice(0, 3000)}`);
  });
  const killedAt = Date.now();
  await server!.kill9();
  server = undefined;
  const answer = await request.then(
    () => "answered",
    () => "connection lost",
  );
  // The lock released, the orphaned transaction finds its client gone and rolls back.
  await lock.release();
  await waitForBackendGone(database.pool, pid);
  return { answer, killedAt };
}

beforeAll(async () => {
  stripe = await startFakeStripeApi();
  await startServer();
}, 900_000);

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  recordSecurityFigure("app-kill", figures);
});

describe("kill -9 of the app server (abuse case 15)", () => {
  it("during a subscription webhook: after a restart, the redelivered event is applied exactly once", async () => {
    const { buyer, subscription, event, payload } = await subscriptionUpdate("Kill Ltd");

    // The webhook's transaction has stored the event id and written the licence when it reaches the
    // buyer's profile: hold that row, so the kill lands between the writes and the commit.
    const lock = await holdRowLock(database.url, "profiles", buyer.id);
    const delivery = deliverWebhook(server!.base, payload);
    const killed = await killWhileBlocked(delivery, lock, webhookProfileUpdate, [
      "webhook_events",
      "licenses",
      "subscription_reads",
    ]);

    const afterKill = {
      events: (await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).length,
      licence: (await licenceOfSubscription(subscription.id)) ?? null,
      buyer: await profileOf(buyer.id),
    };
    expect(killed.answer).toBe("connection lost");
    expect(afterKill.events).toBe(0);
    expect(afterKill.licence).toBeNull();
    expect(afterKill.buyer).toMatchObject({ licenceId: null, admin: false, isSubscribed: false });

    const restartedAt = Date.now();
    await startServer();
    const restartSeconds = Math.round((Date.now() - restartedAt) / 1000);
    const first = await deliverWebhook(server!.base, payload);
    const second = await deliverWebhook(server!.base, payload);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ received: true });
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text)).toEqual({ received: true, duplicate: true });

    const licence = await licenceOfSubscription(subscription.id);
    const licenceRows = await database.db
      .select({ n: count() })
      .from(licences)
      .where(eq(licences.providerSubscriptionId, subscription.id));
    const events = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(licenceRows[0]!.n).toBe(1);
    expect(licence).toMatchObject({ status: "active", seats: 5, organisation: "Kill Ltd" });
    expect(events).toHaveLength(1);
    expect(await profileOf(buyer.id)).toMatchObject({
      licenceId: licence!.licenceId,
      admin: true,
      isSubscribed: true,
    });
    figures.webhook = {
      event: event.type,
      killedInside: "after webhook_events, subscription_reads and licenses were written, before the profile",
      answerToTheKilledRequest: killed.answer,
      rowsAfterKill: { webhookEvents: afterKill.events, licences: afterKill.licence ? 1 : 0 },
      restartSeconds,
      redeliveries: [first.status, second.status],
      duplicateAcknowledged: true,
      licencesAfter: licenceRows[0]!.n,
      eventsStored: events.length,
    };
  });

  it("during an add-member: after a restart the member is not in and no seat is taken; a retry joins once, with no overrun", async () => {
    const organisation = await insertOrganisation({ seats: 3, name: "Kill Seats Ltd" });
    const joiner = await insertUser();
    const other = await insertUser();
    const { token } = await createInvite({
      licenceId: organisation.licenceId,
      email: joiner.email,
      invitedBy: organisation.admin.id,
    });
    const otherInvite = await createInvite({
      licenceId: organisation.licenceId,
      email: other.email,
      invitedBy: organisation.admin.id,
    });
    const seatsUsed = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(profiles)
          .where(eq(profiles.licenceId, organisation.licenceId))
      )[0]!.n;
    expect(await seatsUsed()).toBe(2);

    const accept = serverAction("src/features/licences/actions.ts", "acceptLicenceInvite");
    const cookie = await signInOverHttp(server!.base, joiner.email, joiner.password);

    // The seat-taking transaction has locked the invite and the licence and counted the seats when it
    // updates the joiner's profile: hold that row, and kill while the transaction waits for it.
    const lock = await holdRowLock(database.url, "profiles", joiner.id);
    const joining = callServerAction(server!.base, accept, cookie, [{ token }]);
    const killed = await killWhileBlocked(
      joining,
      lock,
      /^update "profiles" set "delegate" = \$1, "is_subscribed" = \$2, "license_id"/,
      ["licence_invites", "licenses"],
    );
    expect(killed.answer).toBe("connection lost");
    const afterKill = { joiner: await profileOf(joiner.id), seats: await seatsUsed() };
    const [invite] = await database.db
      .select({ acceptedAt: licenceInvites.acceptedAt })
      .from(licenceInvites)
      .where(eq(licenceInvites.email, joiner.email));
    expect(afterKill.joiner).toMatchObject({ licenceId: null, delegate: false });
    expect(afterKill.seats).toBe(2);
    expect(invite!.acceptedAt).toBeNull();

    await startServer();
    const retryCookie = await signInOverHttp(server!.base, joiner.email, joiner.password);
    const retry = await callServerAction(server!.base, accept, retryCookie, [{ token }]);
    const again = await callServerAction(server!.base, accept, retryCookie, [{ token }]);
    expect(retry.status).toBe(200);
    expect(retry.text).toContain('"ok":true');
    expect(again.text).toContain('"ok":false');
    expect(await profileOf(joiner.id)).toMatchObject({ licenceId: organisation.licenceId, delegate: true });
    expect(await seatsUsed()).toBe(3);

    // The licence is full now: the other invitee is refused, never a fourth member on three seats.
    const otherCookie = await signInOverHttp(server!.base, other.email, other.password);
    const overrun = await callServerAction(server!.base, accept, otherCookie, [{ token: otherInvite.token }]);
    expect(overrun.text).toContain('"code":"seat_limit_reached"');
    expect(await seatsUsed()).toBe(3);
    figures.addMember = {
      killedInside: "with the invite and the licence locked and the seats counted, before the profile",
      answerToTheKilledRequest: killed.answer,
      afterKill: { memberIn: afterKill.joiner.licenceId !== null, seatsUsed: afterKill.seats, seats: 3 },
      retry: "joined",
      retryAgain: "refused (invitation used)",
      afterRetry: { seatsUsed: 3, seats: 3 },
      anotherInviteeOnTheFullLicence: "seat_limit_reached",
    };
  });
});
