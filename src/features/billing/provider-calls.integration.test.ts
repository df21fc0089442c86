import { describe, expect, it, vi } from "vitest";

import { POST as portal } from "@/app/api/portal/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { insertUser, testOrigin } from "@tests/fixtures/accounts";
import { insertBuyer, licenceOfSubscription, stripeEvent } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { fakeStripe, installFakeStripe, signWebhook } from "@tests/fixtures/fake-stripe";
import { actAs } from "@tests/fixtures/request-context";

import { startCheckout } from "./actions";
import { completeCheckoutReturn } from "./checkout";
import { getPaymentGateway } from "./gateway";
import { syncSubscription } from "./sync";

vi.mock("stripe", async (original) =>
  (await import("@tests/fixtures/fake-stripe")).fakeStripeModule(await original()),
);
vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

const database = setupTestDatabase();
installFakeStripe();

async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify(stripeEvent(type, object));
  const response = await webhook(
    new Request(`${testOrigin}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "stripe-signature": signWebhook(payload), "content-type": "application/json" },
      body: payload,
    }),
    undefined,
  );
  expect(response.status).toBe(200);
}

describe("calls to Stripe are made outside database transactions", () => {
  it("the fake Stripe refuses a call made inside one, so the checks here can fail", async () => {
    const subscription = fakeStripe.addSubscription({ customer: "cus_guard", quantity: 1 });
    await expect(
      database.db.transaction(() => getPaymentGateway().retrieveSubscription(subscription.id)),
    ).rejects.toThrow(/inside a database transaction/);
    expect(fakeStripe.callsInTransaction).toEqual(["subscriptions.retrieve"]);
    fakeStripe.callsInTransaction.length = 0;
  });

  it("through checkout, every webhook event, the return page and the portal", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    expect(
      await startCheckout({ planId: "multi-5", interval: "monthly", organisation: "Harbour Pharmacy Ltd" }),
    ).toMatchObject({ ok: true });
    const sessionId = [...fakeStripe.sessions.keys()][0]!;
    const subscription = fakeStripe.completeSession(sessionId);

    await deliver("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    await expect(completeCheckoutReturn(sessionId)).rejects.toMatchObject({
      digest: expect.stringContaining("paymentSuccess=true"),
    });
    for (const type of ["created", "updated", "deleted"])
      await deliver(`customer.subscription.${type}`, subscription);
    for (const type of ["paid", "payment_failed"])
      await deliver(`invoice.${type}`, {
        id: `in_${type}`,
        object: "invoice",
        parent: { subscription_details: { subscription: subscription.id } },
      });
    fakeStripe.setSubscription(subscription.id, { status: "active" });
    await syncSubscription(subscription.id);

    await actAs(buyer);
    const response = await portal(
      new Request(`${testOrigin}/api/portal`, {
        method: "POST",
        headers: { origin: testOrigin, "content-type": "application/json" },
        body: "{}",
      }),
      undefined,
    );
    expect(response.status).toBe(200);

    expect(new Set(fakeStripe.calls.map((call) => call.method))).toEqual(
      new Set([
        "customers.create",
        "checkout.sessions.create",
        "checkout.sessions.retrieve",
        "subscriptions.retrieve",
        "billingPortal.sessions.create",
      ]),
    );
    expect(fakeStripe.callsInTransaction).toEqual([]);
  });
});

describe("syncs of one subscription at the same time", () => {
  it("never let a slow answer carrying an older state overwrite a newer one", async () => {
    const buyer = await insertBuyer();
    const subscription = fakeStripe.addSubscription({
      customer: buyer.customerId,
      quantity: 5,
      metadata: { profileId: buyer.id, planId: "multi-5", interval: "monthly" },
    });
    await syncSubscription(subscription.id);

    // Stripe answers the first sync with five seats, but the answer is slow to arrive...
    const slow = fakeStripe.holdNext("subscriptions.retrieve");
    const first = syncSubscription(subscription.id);
    await slow.reached;
    // ...and meanwhile the admin lowers the seats to three and that sync completes.
    fakeStripe.setSubscription(subscription.id, { quantity: 3 });
    await syncSubscription(subscription.id);
    expect((await licenceOfSubscription(subscription.id))!.seats).toBe(3);

    slow.release();
    await first;
    expect((await licenceOfSubscription(subscription.id))!.seats).toBe(3);
  });
});
