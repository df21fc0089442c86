import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { POST } from "@/app/api/webhooks/stripe/route";
import { devOutbox, licences, profiles, trials, user, webhookEvents } from "@/db/schema";
import { insertUser } from "@tests/fixtures/accounts";
import {
  billingSnapshot,
  insertBuyer,
  licenceOfSubscription,
  profileOf,
  stripeEvent,
} from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { fakeStripe, signWebhook, installFakeStripe } from "@tests/fixtures/fake-stripe";

vi.mock("stripe", async (original) =>
  (await import("@tests/fixtures/fake-stripe")).fakeStripeModule(await original()),
);

/** Arms a crash right after the sync has written, inside the webhook's transaction. */
const crash = vi.hoisted(() => ({ armed: false }));
vi.mock("@/features/billing/sync", async (original) => {
  const actual = await original<typeof import("./sync")>();
  return {
    ...actual,
    writeSubscriptionRead: async (...args: Parameters<typeof actual.writeSubscriptionRead>) => {
      const result = await actual.writeSubscriptionRead(...args);
      if (crash.armed) {
        crash.armed = false;
        throw new Error("simulated crash after the write");
      }
      return result;
    },
  };
});

const database = setupTestDatabase();
installFakeStripe();
afterEach(() => {
  crash.armed = false;
});

async function deliver(payload: string, signature: string | null = signWebhook(payload), cookie?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  if (cookie) headers.cookie = cookie;
  const response = await POST(
    new Request("http://localhost:3000/api/webhooks/stripe", { method: "POST", headers, body: payload }),
    undefined,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A buyer who has paid on Stripe's page: a completed session and an active subscription. */
async function paidCheckout(seats = 5, organisation = "Harbour Pharmacy Ltd") {
  const buyer = await insertBuyer();
  const metadata = { profileId: buyer.id, planId: "multi-5", interval: "monthly", organisation };
  const session = {
    id: `cs_test_${buyer.id.slice(0, 8)}`,
    object: "checkout.session" as const,
    status: "complete" as const,
    customer: buyer.customerId,
    subscription: null as string | null,
    metadata,
    url: null,
  };
  const subscription = fakeStripe.addSubscription({ customer: buyer.customerId, quantity: seats, metadata });
  session.subscription = subscription.id;
  fakeStripe.sessions.set(session.id, session);
  return { buyer, session, subscription };
}

const completed = (sessionId: string, id?: string) =>
  JSON.stringify(
    stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" }, id),
  );
const subscriptionEvent = (type: string, subscription: object, id?: string) =>
  JSON.stringify(stripeEvent(`customer.subscription.${type}`, subscription as Record<string, unknown>, id));
const invoiceEvent = (type: string, subscriptionId: string, id?: string) =>
  JSON.stringify(
    stripeEvent(
      `invoice.${type}`,
      {
        id: `in_${subscriptionId}`,
        object: "invoice",
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscriptionId, metadata: {} },
        },
      },
      id,
    ),
  );

async function eventCount() {
  const [row] = await database.db.select({ n: count() }).from(webhookEvents);
  return row!.n;
}

describe("POST /api/webhooks/stripe: fulfilment", () => {
  it("creates the licence from the provider's subscription and makes the buyer its subscribed admin", async () => {
    const { buyer, session, subscription } = await paidCheckout(5);
    const answer = await deliver(completed(session.id));
    expect(answer).toEqual({ status: 200, body: { received: true } });

    const licence = await licenceOfSubscription(subscription.id);
    expect(licence).toMatchObject({
      organisation: "Harbour Pharmacy Ltd",
      seats: 5,
      status: "active",
      provider: "stripe",
      providerCustomerId: buyer.customerId,
      planId: "multi-5",
      billingInterval: "monthly",
    });
    expect(licence!.currentPeriodEnd).toEqual(
      new Date(subscription.items.data[0]!.current_period_end * 1000),
    );
    expect(await profileOf(buyer.id)).toMatchObject({
      admin: true,
      delegate: false,
      isSubscribed: true,
      licenceId: licence!.licenceId,
    });
    // Re-read from the provider, never taken from the event.
    expect(fakeStripe.calls.map((c) => c.method)).toEqual([
      "checkout.sessions.retrieve",
      "subscriptions.retrieve",
    ]);
  });

  it("handles customer.subscription.created and invoice.paid through the same sync", async () => {
    const { buyer, subscription } = await paidCheckout(2);
    expect((await deliver(subscriptionEvent("created", subscription))).status).toBe(200);
    expect((await deliver(invoiceEvent("paid", subscription.id))).status).toBe(200);
    expect(await licenceOfSubscription(subscription.id)).toMatchObject({
      seats: 2,
      status: "active",
    });
    expect((await profileOf(buyer.id)).isSubscribed).toBe(true);
  });

  it("acknowledges events it does not handle and changes nothing", async () => {
    const before = await billingSnapshot();
    const answer = await deliver(
      JSON.stringify(stripeEvent("customer.created", { id: "cus_x", object: "customer" })),
    );
    expect(answer).toEqual({ status: 200, body: { received: true } });
    expect(await billingSnapshot()).toEqual(before);
  });
});

describe("POST /api/webhooks/stripe: subscriptions that are not ours", () => {
  it("creates no licence for a subscription no profile of ours bought", async () => {
    const stranger = fakeStripe.addSubscription({ customer: "cus_another_product", quantity: 3 });
    expect((await deliver(subscriptionEvent("created", stranger))).status).toBe(200);
    expect(await licenceOfSubscription(stranger.id)).toBeUndefined();
  });

  it("never hands a subscription to a profile that belongs to another customer", async () => {
    const victim = await insertBuyer();
    const forged = fakeStripe.addSubscription({
      customer: "cus_attacker",
      quantity: 10,
      metadata: { profileId: victim.id, planId: "multi-10", interval: "monthly" },
    });
    await deliver(subscriptionEvent("created", forged));
    expect(await licenceOfSubscription(forged.id)).toBeUndefined();
    expect(await profileOf(victim.id)).toMatchObject({ licenceId: null, admin: false, isSubscribed: false });
  });

  it("keeps an existing licence in step after its buyer's account is gone", async () => {
    const { buyer, session, subscription } = await paidCheckout(5);
    await deliver(completed(session.id));
    await database.db.delete(user).where(eq(user.id, buyer.id));
    fakeStripe.setSubscription(subscription.id, { status: "canceled" });
    expect((await deliver(subscriptionEvent("deleted", subscription))).status).toBe(200);
    expect((await licenceOfSubscription(subscription.id))!.status).toBe("canceled");
  });
});

describe("POST /api/webhooks/stripe: forged, tampered and stale (abuse case 6)", () => {
  it.each([
    ["no signature", (payload: string) => ({ payload, signature: null })],
    [
      "a signature made with the wrong secret",
      (payload: string) => ({ payload, signature: signWebhook(payload, { secret: "whsec_wrong" }) }),
    ],
    [
      "a body changed after signing",
      (payload: string) => ({
        payload: payload.replace('"livemode":false', '"livemode":true'),
        signature: signWebhook(payload),
      }),
    ],
    [
      "a signature ten minutes old",
      (payload: string) => ({
        payload,
        signature: signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      }),
    ],
    ["a garbage signature header", (payload: string) => ({ payload, signature: "t=1,v1=deadbeef" })],
  ])("refuses %s with 400 and changes nothing", async (_label, forge) => {
    const { session } = await paidCheckout(5);
    const before = await billingSnapshot();
    const { payload, signature } = forge(completed(session.id));
    const answer = await deliver(payload, signature);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: "validation", message: "Invalid signature." } });
    expect(await billingSnapshot()).toEqual(before);
    expect(fakeStripe.calls).toEqual([]);
  });

  it("is not a cookie-authenticated mutation: a signed-in browser's unsigned request does nothing", async () => {
    const { session } = await paidCheckout(5);
    const before = await billingSnapshot();
    const answer = await deliver(completed(session.id), null, "better-auth.session_token=any.valid-looking");
    expect(answer.status).toBe(400);
    expect(await billingSnapshot()).toEqual(before);
  });

  it("accepts a signature a few seconds old (inside the 300 s tolerance)", async () => {
    const { session, subscription } = await paidCheckout(5);
    const payload = completed(session.id);
    const answer = await deliver(
      payload,
      signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 240 }),
    );
    expect(answer.status).toBe(200);
    expect(await licenceOfSubscription(subscription.id)).toBeDefined();
  });
});

describe("POST /api/webhooks/stripe: replays and ordering", () => {
  it("handles a replayed event once: one licence, one stored event id", async () => {
    const { session, subscription } = await paidCheckout(5);
    const payload = completed(session.id, "evt_replayed_sequential");
    expect((await deliver(payload)).body).toEqual({ received: true });
    expect((await deliver(payload)).body).toEqual({ received: true, duplicate: true });
    const rows = await database.db
      .select()
      .from(licences)
      .where(eq(licences.providerSubscriptionId, subscription.id));
    expect(rows).toHaveLength(1);
    expect(
      await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, "evt_replayed_sequential")),
    ).toHaveLength(1);
  });

  it("handles the same event delivered concurrently once", async () => {
    const { session, subscription } = await paidCheckout(5);
    const payload = completed(session.id, "evt_replayed_concurrent");
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(4);
    const rows = await database.db
      .select()
      .from(licences)
      .where(eq(licences.providerSubscriptionId, subscription.id));
    expect(rows).toHaveLength(1);
  });

  it("stays cancelled when an older 'updated (active)' arrives after 'deleted', because it re-reads Stripe", async () => {
    const { buyer, session, subscription } = await paidCheckout(5);
    await deliver(completed(session.id));
    const olderActive = subscriptionEvent("updated", { ...structuredClone(subscription), status: "active" });
    fakeStripe.setSubscription(subscription.id, { status: "canceled" });
    await deliver(subscriptionEvent("deleted", { ...structuredClone(subscription), status: "canceled" }));
    await deliver(olderActive);
    expect((await licenceOfSubscription(subscription.id))!.status).toBe("canceled");
    expect(await profileOf(buyer.id)).toMatchObject({ isSubscribed: false, admin: true });
  });

  it("converges to the provider's state whatever order the events come in", async () => {
    const { buyer, session, subscription } = await paidCheckout(5);
    fakeStripe.setSubscription(subscription.id, { quantity: 3 });
    const events = [
      invoiceEvent("paid", subscription.id),
      subscriptionEvent("updated", { ...subscription, status: "past_due" }),
      completed(session.id),
      subscriptionEvent("created", subscription),
    ];
    for (const payload of events.reverse()) expect((await deliver(payload)).status).toBe(200);
    expect(await licenceOfSubscription(subscription.id)).toMatchObject({
      seats: 3,
      status: "active",
    });
    expect((await profileOf(buyer.id)).isSubscribed).toBe(true);
  });
});

describe("POST /api/webhooks/stripe: payment failed", () => {
  it("marks the licence past due, keeps access (ADR 020) and e-mails the admin once", async () => {
    const { buyer, session, subscription } = await paidCheckout(5, "Quayside Chemists");
    await deliver(completed(session.id));
    fakeStripe.setSubscription(subscription.id, { status: "past_due" });
    const payload = invoiceEvent("payment_failed", subscription.id, "evt_payment_failed_once");
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).body).toMatchObject({ duplicate: true });

    expect((await licenceOfSubscription(subscription.id))!.status).toBe("past_due");
    expect((await profileOf(buyer.id)).isSubscribed).toBe(true);
    const mails = await database.db.select().from(devOutbox).where(eq(devOutbox.to, buyer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your TariffScope payment did not go through");
    expect(mails[0]!.text).toContain("Quayside Chemists");
    expect(mails[0]!.text).toContain("/account-management/dashboard?section=manage-users");
  });

  it("ends access for everyone on the licence when the subscription becomes unpaid", async () => {
    const { buyer, session, subscription } = await paidCheckout(5);
    await deliver(completed(session.id));
    const licence = await licenceOfSubscription(subscription.id);
    const delegate = await insertUser({ delegate: true, subscribed: true, licenceId: licence!.licenceId });
    fakeStripe.setSubscription(subscription.id, { status: "unpaid" });
    await deliver(subscriptionEvent("updated", subscription));
    expect((await profileOf(buyer.id)).isSubscribed).toBe(false);
    expect(await profileOf(delegate.id)).toMatchObject({
      isSubscribed: false,
      delegate: true,
      licenceId: licence!.licenceId,
    });
    fakeStripe.setSubscription(subscription.id, { status: "active" });
    await deliver(invoiceEvent("paid", subscription.id));
    expect((await profileOf(delegate.id)).isSubscribed).toBe(true);
  });
});

describe("POST /api/webhooks/stripe: free trials (ADR 190)", () => {
  const trialEndingSubject = "Your TariffScope free trial ends soon";

  /** A buyer whose checkout started Stripe's 14-day trial: a trialing subscription, card on file. */
  async function trialCheckout(organisation = "Trial Chemists") {
    const buyer = await insertBuyer();
    const metadata = { profileId: buyer.id, planId: "multi-5", interval: "monthly", organisation };
    const trialEnd = new Date(Date.now() + 3 * 86_400_000);
    const subscription = fakeStripe.addSubscription({
      customer: buyer.customerId,
      quantity: 5,
      metadata,
      trialEnd,
    });
    const sessionId = `cs_test_trial_${buyer.id.slice(0, 8)}`;
    fakeStripe.sessions.set(sessionId, {
      id: sessionId,
      object: "checkout.session",
      status: "complete",
      customer: buyer.customerId,
      subscription: subscription.id,
      metadata,
      url: null,
    });
    return { buyer, subscription, sessionId, trialEnd };
  }

  const trialMails = async (email: string) =>
    (await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).filter(
      (mail) => mail.subject === trialEndingSubject,
    );

  it("stores the trial and its end, gives access, and records the trial once however often it is synced", async () => {
    const { buyer, subscription, sessionId, trialEnd } = await trialCheckout();
    await deliver(completed(sessionId));
    await deliver(subscriptionEvent("created", subscription));
    const licence = await licenceOfSubscription(subscription.id);
    expect(licence).toMatchObject({
      status: "trialing",
      trialEnd: new Date(Math.floor(trialEnd.getTime() / 1000) * 1000),
      cancelAtPeriodEnd: false,
    });
    expect((await profileOf(buyer.id)).isSubscribed).toBe(true);
    expect(
      await database.db.select().from(trials).where(eq(trials.subscriptionId, subscription.id)),
    ).toHaveLength(1);
  });

  it("e-mails the admin at trial_will_end once, however often the event is delivered", async () => {
    const { buyer, subscription, sessionId } = await trialCheckout("Quayside Trial Ltd");
    await deliver(completed(sessionId));
    const payload = subscriptionEvent("trial_will_end", subscription, "evt_trial_will_end_once");
    expect((await deliver(payload)).body).toEqual({ received: true });
    expect((await deliver(payload)).body).toMatchObject({ duplicate: true });
    await Promise.all([deliver(payload), deliver(payload)]);
    const mails = await trialMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Quayside Trial Ltd");
    expect(mails[0]!.text).toMatch(/Free trial: ends \d{1,2} \w+ \d{4}/);
    expect(mails[0]!.text).toContain("Then £99.99 a month, excluding VAT, is charged");
  });

  it("sends no reminder when trial_will_end arrives after the trial converted or was cancelled", async () => {
    const converted = await trialCheckout();
    fakeStripe.setSubscription(converted.subscription.id, {
      status: "active",
      periodEnd: new Date(Date.now() + 33 * 86_400_000),
    });
    // The late reminder first, then the events that came before it: the state is Stripe's latest.
    await deliver(subscriptionEvent("trial_will_end", converted.subscription));
    await deliver(invoiceEvent("paid", converted.subscription.id));
    await deliver(completed(converted.sessionId));
    expect(await trialMails(converted.buyer.email)).toEqual([]);
    expect(await licenceOfSubscription(converted.subscription.id)).toMatchObject({ status: "active" });

    const cancelled = await trialCheckout();
    await deliver(completed(cancelled.sessionId));
    fakeStripe.setSubscription(cancelled.subscription.id, { cancelAtPeriodEnd: true });
    await deliver(subscriptionEvent("trial_will_end", cancelled.subscription));
    expect(await trialMails(cancelled.buyer.email)).toEqual([]);
    expect(await licenceOfSubscription(cancelled.subscription.id)).toMatchObject({
      status: "trialing",
      cancelAtPeriodEnd: true,
    });
  });

  it("ends access when the trial ends unpaid, whatever order its events arrive in", async () => {
    const { buyer, subscription, sessionId } = await trialCheckout();
    await deliver(completed(sessionId));
    const licence = (await licenceOfSubscription(subscription.id))!;
    const delegate = await insertUser({ delegate: true, subscribed: true, licenceId: licence.licenceId });
    // No card at the trial's end: Stripe cancels the subscription (missing_payment_method: cancel).
    fakeStripe.setSubscription(subscription.id, { status: "canceled" });
    const events = [
      subscriptionEvent("trial_will_end", subscription),
      subscriptionEvent("updated", { ...subscription, status: "trialing" }),
      subscriptionEvent("deleted", { ...subscription, status: "canceled" }),
    ];
    for (const payload of events.reverse()) expect((await deliver(payload)).status).toBe(200);
    expect((await licenceOfSubscription(subscription.id))!.status).toBe("canceled");
    expect((await profileOf(buyer.id)).isSubscribed).toBe(false);
    expect((await profileOf(delegate.id)).isSubscribed).toBe(false);
    expect(await trialMails(buyer.email)).toEqual([]);
  });
});

describe("POST /api/webhooks/stripe: a crash part-way", () => {
  it("rolls the write back and forgets the event id, so Stripe's retry succeeds exactly once", async () => {
    const { buyer, subscription } = await paidCheckout(5);
    const payload = subscriptionEvent("created", subscription, "evt_crash_then_retry");
    crash.armed = true;
    const failed = await deliver(payload);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: { code: "internal", message: expect.any(String) } });
    expect(await licenceOfSubscription(subscription.id)).toBeUndefined();
    expect((await profileOf(buyer.id)).licenceId).toBeNull();
    const before = await eventCount();
    expect(
      await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, "evt_crash_then_retry")),
    ).toEqual([]);

    expect((await deliver(payload)).body).toEqual({ received: true });
    expect(await eventCount()).toBe(before + 1);
    expect((await profileOf(buyer.id)).isSubscribed).toBe(true);
    expect((await deliver(payload)).body).toMatchObject({ duplicate: true });
  });
});

describe("seats lowered below the users on the licence (abuse case 13)", () => {
  it("keeps every user on the licence and subscribed, with the new seat count", async () => {
    const { session, subscription } = await paidCheckout(3);
    await deliver(completed(session.id));
    const licence = (await licenceOfSubscription(subscription.id))!;
    const delegates = [
      await insertUser({ delegate: true, subscribed: true, licenceId: licence.licenceId }),
      await insertUser({ delegate: true, subscribed: true, licenceId: licence.licenceId }),
    ];
    fakeStripe.setSubscription(subscription.id, { quantity: 2 });
    expect((await deliver(subscriptionEvent("updated", subscription))).status).toBe(200);
    expect((await licenceOfSubscription(subscription.id))!.seats).toBe(2);
    const onLicence = await database.db
      .select()
      .from(profiles)
      .where(eq(profiles.licenceId, licence.licenceId));
    expect(onLicence).toHaveLength(3);
    expect(onLicence.every((p) => p.isSubscribed)).toBe(true);
    for (const delegate of delegates) expect((await profileOf(delegate.id)).delegate).toBe(true);
  });
});

describe("in test-checkout mode", () => {
  it("answers 404: there is no webhook without a Stripe secret", async () => {
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const payload = JSON.stringify(stripeEvent("invoice.paid", { id: "in_1" }));
      expect((await deliver(payload)).status).toBe(404);
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
    }
  });
});
