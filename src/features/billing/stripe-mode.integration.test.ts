import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import * as portalRoute from "@/app/api/portal/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { profiles } from "@/db/schema";
import { insertUser, testOrigin } from "@tests/fixtures/accounts";
import {
  billingSnapshot,
  insertBuyer,
  licenceOfSubscription,
  profileOf,
  stripeEvent,
} from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { fakeStripe, installFakeStripe, signWebhook, stripeSettings } from "@tests/fixtures/fake-stripe";
import { capturedLogs } from "@tests/fixtures/log-capture";
import { actAs } from "@tests/fixtures/request-context";

import { startCheckout } from "./actions";
import { completeCheckoutReturn } from "./checkout";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "trace";
});
vi.mock("pino", async (original) =>
  (await import("@tests/fixtures/log-capture")).capturingPino(await original()),
);
vi.mock("stripe", async (original) =>
  (await import("@tests/fixtures/fake-stripe")).fakeStripeModule(await original()),
);
vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

const database = setupTestDatabase();
installFakeStripe();

const fivePlan = { planId: "multi-5", interval: "monthly", organisation: "Harbour Pharmacy Ltd" } as const;

const checkoutFailed = "Checkout failed. Please try again in a few minutes.";

/** A webhook delivery of `event`, signed as Stripe signs it. */
function signedRequest(event: object): Request {
  const payload = JSON.stringify(event);
  return new Request("http://localhost:3000/api/webhooks/stripe", {
    method: "POST",
    headers: { "stripe-signature": signWebhook(payload), "content-type": "application/json" },
    body: payload,
  });
}

/** An error shaped as the Stripe SDK throws them: its class name as `type`, and the API's details. */
function stripeError(type: string, message: string, code?: string) {
  return Object.assign(new Error(message), {
    type,
    code,
    requestId: "req_fake0000000001",
    statusCode: type === "StripeAuthenticationError" ? 401 : 400,
    raw: { message, type: "invalid_request_error", request_log_url: "https://dashboard.stripe.com/logs" },
  });
}

describe("checkout with Stripe (stubbed client)", () => {
  it("creates the customer and a subscription checkout for the plan's seats, with idempotency keys", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    const result = await startCheckout(fivePlan);
    expect(result).toEqual({
      ok: true,
      data: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) },
    });

    const [customerCall, sessionCall] = fakeStripe.calls;
    expect(customerCall).toMatchObject({
      method: "customers.create",
      params: { email: buyer.email, name: "Test User", metadata: { profileId: buyer.id } },
      options: { idempotencyKey: `customer-${buyer.id}` },
    });
    const metadata = {
      profileId: buyer.id,
      planId: "multi-5",
      interval: "monthly",
      organisation: "Harbour Pharmacy Ltd",
    };
    const { customerId } = await profileOf(buyer.id);
    expect(customerId).toMatch(/^cus_/);
    expect(sessionCall).toMatchObject({
      method: "checkout.sessions.create",
      params: {
        mode: "subscription",
        customer: customerId,
        client_reference_id: buyer.id,
        line_items: [{ price: stripeSettings.priceIds["multi-5"].monthly, quantity: 5 }],
        success_url:
          "http://localhost:3000/drug-tariff-parts/partviiia?paymentSuccess=true&session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "http://localhost:3000/payment/cancelled",
        metadata,
        subscription_data: { metadata },
      },
      options: { idempotencyKey: expect.stringMatching(/^checkout-[0-9a-f]{64}$/) },
    });

    // A double submit sends the same key, so Stripe answers with the same session.
    await startCheckout(fivePlan);
    const keys = fakeStripe.calls
      .filter((c) => c.method === "checkout.sessions.create")
      .map((c) => c.options);
    expect(keys[1]).toEqual(keys[0]);
    expect(fakeStripe.calls.filter((c) => c.method === "customers.create")).toHaveLength(1);
  });

  it.each([
    [
      "Stripe cannot be reached",
      "customers.create",
      stripeError("StripeConnectionError", "connect ECONNREFUSED"),
      "Failed to load Stripe",
    ],
    [
      "our key is refused",
      "checkout.sessions.create",
      stripeError("StripeAuthenticationError", "Invalid API Key provided: sk_test_***"),
      "Failed to load Stripe",
    ],
    [
      "Stripe refuses the request",
      "checkout.sessions.create",
      stripeError("StripeInvalidRequestError", "No such price: 'price_multi5_m'"),
      checkoutFailed,
    ],
    [
      "anything else goes wrong",
      "checkout.sessions.create",
      new Error("socket hang up in a library"),
      checkoutFailed,
    ],
  ])("when %s, calling %s, says so in our own words", async (_label, method, error, message) => {
    await actAs(await insertUser());
    fakeStripe.failures.set(method, error);
    expect(await startCheckout(fivePlan)).toEqual({ ok: false, code: "unavailable", message });
  });
});

describe("checkout with Stripe: the 14-day trial", () => {
  it("starts Stripe Checkout's own 14-day trial: card collected, cancelled at the end if it is removed", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    expect(await startCheckout({ ...fivePlan, trial: true })).toMatchObject({ ok: true });
    const sessionCall = fakeStripe.calls.find((c) => c.method === "checkout.sessions.create")!;
    expect(sessionCall.params).toMatchObject({
      payment_method_collection: "always",
      subscription_data: {
        trial_period_days: 14,
        trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      },
    });

    // Paid at Stripe: the trialing subscription reaches our tables with its end, and is recorded, so
    // a second trial for the same person is refused before Stripe is asked.
    const sessionId = [...fakeStripe.sessions.keys()][0]!;
    const subscription = fakeStripe.completeSession(sessionId);
    await webhook(signedRequest(stripeEvent("checkout.session.completed", { id: sessionId })), undefined);
    const licence = await licenceOfSubscription(subscription.id);
    expect(licence).toMatchObject({ status: "trialing", trialEnd: new Date(subscription.trial_end! * 1000) });
    fakeStripe.setSubscription(subscription.id, { status: "canceled" });
    await webhook(signedRequest(stripeEvent("customer.subscription.deleted", subscription)), undefined);
    const calls = fakeStripe.calls.length;
    expect(await startCheckout({ ...fivePlan, trial: true })).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringMatching(/no free trial|already had a free trial/),
    });
    expect(fakeStripe.calls.slice(calls).map((c) => c.method)).not.toContain("checkout.sessions.create");
  });

  it("sends no trial to Stripe for a checkout without one", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    await startCheckout(fivePlan);
    const sessionCall = fakeStripe.calls.find((c) => c.method === "checkout.sessions.create")!;
    const data = (sessionCall.params as { subscription_data: Record<string, unknown> }).subscription_data;
    expect(data).not.toHaveProperty("trial_period_days");
    expect(data).not.toHaveProperty("trial_settings");
  });
});

describe("checkout with Stripe: a buyer without a customer", () => {
  it("says 'Customer ID not found' when no customer can be kept for the buyer", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    await database.db.delete(profiles).where(eq(profiles.id, buyer.id));
    expect(await startCheckout(fivePlan)).toMatchObject({ ok: false, message: "Customer ID not found" });
    expect(fakeStripe.calls.filter((c) => c.method === "checkout.sessions.create")).toEqual([]);
  });
});

describe("checkout with Stripe: end to end", () => {
  it("end to end: checkout, pay at Stripe, the signed webhook, then the return page", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    await startCheckout(fivePlan);
    const sessionId = [...fakeStripe.sessions.keys()][0]!;
    const subscription = fakeStripe.completeSession(sessionId);

    const payload = JSON.stringify(
      stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" }),
    );
    const response = await webhook(
      new Request("http://localhost:3000/api/webhooks/stripe", {
        method: "POST",
        headers: { "stripe-signature": signWebhook(payload), "content-type": "application/json" },
        body: payload,
      }),
      undefined,
    );
    expect(response.status).toBe(200);
    const licence = await licenceOfSubscription(subscription.id);
    expect(licence).toMatchObject({
      seats: 5,
      organisation: "Harbour Pharmacy Ltd",
      planId: "multi-5",
    });
    expect(await profileOf(buyer.id)).toMatchObject({
      admin: true,
      isSubscribed: true,
      licenceId: licence!.licenceId,
    });

    // The return page runs the same sync; arriving after the webhook changes nothing.
    const before = await billingSnapshot();
    await expect(completeCheckoutReturn(sessionId)).rejects.toMatchObject({
      digest: expect.stringContaining("/drug-tariff-parts/partviiia?paymentSuccess=true"),
    });
    const after = await billingSnapshot();
    expect(after.licences.map(({ updatedAt: _u, ...rest }) => rest)).toEqual(
      before.licences.map(({ updatedAt: _u, ...rest }) => rest),
    );
  });
});

/** Two organisations, each with an admin (the buyer) and a member, as abuse case 1 describes. */
async function twoOrganisations() {
  const organisation = async (name: string) => {
    const admin = await insertBuyer();
    const subscription = fakeStripe.addSubscription({
      customer: admin.customerId,
      quantity: 5,
      metadata: { profileId: admin.id, planId: "multi-5", interval: "monthly", organisation: name },
    });
    const { syncSubscription } = await import("./sync");
    const synced = await syncSubscription(subscription.id);
    const member = await insertUser({ delegate: true, subscribed: true, licenceId: synced!.licenceId });
    return { admin, member, customerId: admin.customerId };
  };
  const a = await organisation("Organisation A");
  const b = await organisation("Organisation B");
  fakeStripe.calls.length = 0;
  return { a, b };
}

async function portal(
  options: {
    cookie?: string | null;
    body?: string;
    origin?: string | null;
    contentType?: string;
    query?: string;
  } = {},
) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (options.origin !== null) headers.origin = options.origin ?? testOrigin;
  const response = await portalRoute.POST(
    new Request(`${testOrigin}/api/portal${options.query ?? ""}`, {
      method: "POST",
      headers,
      body: options.body ?? "{}",
    }),
    undefined,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const portalCalls = () => fakeStripe.calls.filter((c) => c.method === "billingPortal.sessions.create");

describe("POST /api/portal (abuse case 1)", () => {
  it("gives a licence admin a portal session for their own licence's customer", async () => {
    const { a } = await twoOrganisations();
    await actAs(a.admin);
    const answer = await portal();
    expect(answer).toEqual({
      status: 200,
      body: { url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) },
    });
    expect(portalCalls()).toEqual([
      {
        method: "billingPortal.sessions.create",
        params: {
          customer: a.customerId,
          return_url: "http://localhost:3000/account-management/dashboard?section=manage-users",
        },
        options: { idempotencyKey: expect.stringMatching(/^portal-[0-9a-f]{64}$/) },
      },
    ]);
    // A double click sends the same key, so Stripe answers with the same session.
    await portal();
    expect(portalCalls()[1]!.options).toEqual(portalCalls()[0]!.options);
  });

  it("refuses another licence's customer id in the body, and never asks Stripe about it", async () => {
    const { a, b } = await twoOrganisations();
    await actAs(a.admin);
    for (const body of [
      { customerId: b.customerId },
      { customer: b.customerId },
      JSON.parse(`{"__proto__": {"customerId": "${b.customerId}"}}`),
      JSON.parse(`{"constructor": {"prototype": {"customerId": "${b.customerId}"}}}`),
    ]) {
      expect((await portal({ body: JSON.stringify(body) })).status).toBe(400);
    }
    expect((await portal({ body: JSON.stringify([b.customerId]) })).status).toBe(400);
    expect(portalCalls()).toEqual([]);
  });

  it("ignores a customerId in the query string: the session decides", async () => {
    const { a, b } = await twoOrganisations();
    await actAs(a.admin);
    expect((await portal({ query: `?customerId=${b.customerId}` })).status).toBe(200);
    expect(portalCalls().map((c) => (c.params as { customer: string }).customer)).toEqual([a.customerId]);
  });

  it("refuses a plain member (403) and a visitor without a session (401)", async () => {
    const { a } = await twoOrganisations();
    await actAs(a.member);
    expect(await portal()).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    await actAs(null);
    expect(await portal()).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
    expect(portalCalls()).toEqual([]);
  });

  it("refuses another site's Origin, no Origin and a form post (CSRF)", async () => {
    const { a } = await twoOrganisations();
    await actAs(a.admin);
    expect((await portal({ origin: "http://evil.example" })).status).toBe(403);
    expect((await portal({ origin: null })).status).toBe(403);
    expect((await portal({ origin: "null" })).status).toBe(403);
    expect((await portal({ contentType: "application/x-www-form-urlencoded", body: "a=1" })).status).toBe(
      415,
    );
    expect(portalCalls()).toEqual([]);
  });

  it("is POST only: the route has no GET (Next answers 405)", () => {
    expect(Object.keys(portalRoute)).not.toContain("GET");
  });

  it("never logs the portal URL", async () => {
    const { a } = await twoOrganisations();
    await actAs(a.admin);
    capturedLogs.length = 0;
    const { body } = await portal();
    const url = String(body.url);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(capturedLogs.length).toBeGreaterThan(0);
    expect(capturedLogs.join("\n")).not.toContain(url);
    expect(capturedLogs.join("\n")).not.toContain(url.split("/").pop());
  });
});

describe("logging", () => {
  it("logs a refused webhook signature, without the body", async () => {
    capturedLogs.length = 0;
    const payload = JSON.stringify(stripeEvent("invoice.paid", { id: "in_secret_body_marker" }));
    const response = await webhook(
      new Request("http://localhost:3000/api/webhooks/stripe", {
        method: "POST",
        headers: { "stripe-signature": signWebhook(payload, { secret: "whsec_wrong" }) },
        body: payload,
      }),
      undefined,
    );
    expect(response.status).toBe(400);
    const lines = capturedLogs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: "webhook refused: bad signature", reason: "invalid" }),
    );
    expect(capturedLogs.join("\n")).not.toContain("in_secret_body_marker");
  });
});

describe("Stripe's own messages never reach the user (docs/security.md R21)", () => {
  const leaky = [
    stripeError(
      "StripeInvalidRequestError",
      "No such customer: 'cus_Leak123'; a similar object exists in live mode, but a test mode key was used to make this request.",
      "resource_missing",
    ),
    stripeError(
      "StripeCardError",
      "Your card was declined. (decline_code: insufficient_funds)",
      "card_declined",
    ),
    stripeError(
      "StripeAuthenticationError",
      `Invalid API Key provided: ${stripeSettings.secretKey}`,
      "api_key_invalid",
    ),
    stripeError(
      "StripeInvalidRequestError",
      "This portal session has expired: https://billing.stripe.com/p/session/test_YWNjdF8xTGVhaw",
    ),
    stripeError(
      "StripeIdempotencyError",
      "Keys for idempotent requests can only be used with the same parameters",
    ),
  ];
  const leaked = (text: string) =>
    [
      "cus_Leak123",
      "similar object",
      "declined",
      "Invalid API Key",
      "idempotent",
      "sk_test",
      "req_fake",
      "billing.stripe",
    ].filter((fragment) => text.includes(fragment));

  it.each(leaky)("checkout answers in our words when Stripe says: $message", async (error) => {
    await actAs(await insertUser());
    capturedLogs.length = 0;
    fakeStripe.failures.set("checkout.sessions.create", error);
    const result = await startCheckout(fivePlan);
    expect(result).toMatchObject({ ok: false, code: "unavailable" });
    expect(leaked(JSON.stringify(result))).toEqual([]);

    // The operator still finds out what Stripe said, with any key taken out.
    const log = capturedLogs.join("\n");
    expect(log).toContain(error.message.slice(0, 20));
    expect(log).toContain("req_fake0000000001");
    expect(log).not.toContain(stripeSettings.secretKey);
    expect(log).not.toContain("billing.stripe.com");
  });

  it.each(leaky)("the portal answers in our words when Stripe says: $message", async (error) => {
    const { a } = await twoOrganisations();
    await actAs(a.admin);
    capturedLogs.length = 0;
    fakeStripe.failures.set("billingPortal.sessions.create", error);
    const answer = await portal();
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      error: {
        code: "unavailable",
        message:
          error.type === "StripeAuthenticationError"
            ? "Failed to load Stripe"
            : "The billing portal could not be opened. Please try again in a few minutes.",
      },
    });
    const log = capturedLogs.join("\n");
    expect(log).toContain(error.message.slice(0, 20));
    expect(log).not.toContain(stripeSettings.secretKey);
    expect(log).not.toContain("billing.stripe.com");
  });
});
