import { count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { licences, testCheckoutSessions, testCustomers, testSubscriptions } from "@/db/schema";
import { insertUser } from "@tests/fixtures/accounts";
import { billingSnapshot, profileOf } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";

import { payTestCheckout, startCheckout } from "./actions";
import { completeCheckoutReturn } from "./checkout";
import { payTestCheckoutSession } from "./gateway/test-provider";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

const database = setupTestDatabase();

const fivePlan = { planId: "multi-5", interval: "monthly", organisation: "Harbour Pharmacy Ltd" } as const;

async function startAs(
  user: Awaited<ReturnType<typeof insertUser>>,
  input: Parameters<typeof startCheckout>[0] = fivePlan,
) {
  await actAs(user);
  return startCheckout(input);
}

function sessionIdOf(url: string): string {
  return url.split("/").pop()!;
}

async function redirectOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  const digest = String((error as { digest?: string } | null)?.digest ?? "");
  if (!digest.startsWith("NEXT_REDIRECT")) throw new Error(`expected a redirect, got ${String(error)}`);
  return digest.split(";")[2]!;
}

describe("startCheckout on the local test checkout", () => {
  it("asks a visitor without a session to sign in, and creates nothing", async () => {
    const before = await billingSnapshot();
    await actAs(null);
    expect(await startCheckout(fivePlan)).toMatchObject({ ok: false, code: "unauthorized" });
    expect(await billingSnapshot()).toEqual(before);
  });

  it("creates the buyer's customer once, stores it on the profile, and opens a checkout for the plan's seats", async () => {
    const buyer = await insertUser();
    const first = await startAs(buyer);
    expect(first).toEqual({
      ok: true,
      data: { url: expect.stringMatching(/^\/payment\/test-checkout\/tcs_[0-9a-f]{24}$/) },
    });
    const { customerId } = await profileOf(buyer.id);
    expect(customerId).toMatch(/^tcus_/);

    const [session] = await database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionIdOf(first.ok ? first.data.url : "")));
    expect(session).toMatchObject({
      customerId,
      planId: "multi-5",
      billingInterval: "monthly",
      quantity: 5,
      status: "open",
      metadata: expect.objectContaining({
        profileId: buyer.id,
        planId: "multi-5",
        interval: "monthly",
        organisation: "Harbour Pharmacy Ltd",
      }),
    });

    expect((await startAs(buyer, { planId: "single", interval: "annual" })).ok).toBe(true);
    expect((await profileOf(buyer.id)).customerId).toBe(customerId);
    const [{ n }] = (await database.db
      .select({ n: count() })
      .from(testCustomers)
      .where(eq(testCustomers.email, buyer.email))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("keeps one customer on the profile when two checkouts start at once", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    const results = await Promise.all([startCheckout(fivePlan), startCheckout(fivePlan)]);
    expect(results.every((result) => result.ok)).toBe(true);
    const { customerId } = await profileOf(buyer.id);
    const sessions = await database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.customerId, customerId!));
    expect(sessions).toHaveLength(2);
  });

  it("needs an organisation name for a multi-user plan, and ignores one for a single user", async () => {
    const buyer = await insertUser();
    const missing = await startAs(buyer, { planId: "multi-2", interval: "monthly" });
    expect(missing).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { organisation: ["Please enter your organisation's name"] },
    });
    const single = await startAs(buyer, {
      planId: "single",
      interval: "monthly",
      organisation: "Ignored Ltd",
    });
    const [session] = await database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionIdOf(single.ok ? single.data.url : "")));
    expect(session!.quantity).toBe(1);
    expect(session!.metadata.organisation).toBeUndefined();
  });

  it("refuses a user who already has a subscription", async () => {
    const subscribed = await insertUser({ subscribed: true });
    expect(await startAs(subscribed)).toMatchObject({ ok: false, code: "conflict" });
  });

  it("limits how many checkouts one user starts in an hour", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await startCheckout(fivePlan)).ok).toBe(true);
    expect(await startCheckout(fivePlan)).toMatchObject({ ok: false, code: "rate_limited" });
  });
});

describe("Pay on the test checkout", () => {
  it("fulfils through the webhook's sync: a 5-seat licence with the buyer as its subscribed admin", async () => {
    const buyer = await insertUser();
    const started = await startAs(buyer);
    const sessionId = sessionIdOf(started.ok ? started.data.url : "");
    const paid = await payTestCheckout({ sessionId });
    expect(paid).toEqual({
      ok: true,
      data: {
        url: `http://localhost:3000/drug-tariff-parts/partviiia?paymentSuccess=true&session_id=${sessionId}`,
      },
    });
    const profile = await profileOf(buyer.id);
    expect(profile).toMatchObject({ admin: true, delegate: false, isSubscribed: true });
    const [licence] = await database.db
      .select()
      .from(licences)
      .where(eq(licences.licenceId, profile.licenceId!));
    expect(licence).toMatchObject({
      organisation: "Harbour Pharmacy Ltd",
      seats: 5,
      status: "active",
      provider: "test",
      providerCustomerId: profile.customerId,
      planId: "multi-5",
      billingInterval: "monthly",
    });
    expect(licence!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  it("pays once however often Pay is pressed", async () => {
    const buyer = await insertUser();
    const started = await startAs(buyer);
    const sessionId = sessionIdOf(started.ok ? started.data.url : "");
    const answers = await Promise.all([payTestCheckout({ sessionId }), payTestCheckout({ sessionId })]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
    expect(await payTestCheckout({ sessionId })).toMatchObject({ ok: true });
    const { customerId, licenceId } = await profileOf(buyer.id);
    expect(
      await database.db.select().from(testSubscriptions).where(eq(testSubscriptions.customerId, customerId!)),
    ).toHaveLength(1);
    expect(
      await database.db.select().from(licences).where(eq(licences.providerCustomerId, customerId!)),
    ).toHaveLength(1);
    expect(licenceId).not.toBeNull();
  });

  it("may be paid only by the user who started it", async () => {
    const buyer = await insertUser();
    const started = await startAs(buyer);
    const sessionId = sessionIdOf(started.ok ? started.data.url : "");
    await actAs(await insertUser());
    const before = await billingSnapshot();
    expect(await payTestCheckout({ sessionId })).toMatchObject({ ok: false, code: "not_found" });
    expect(await billingSnapshot()).toEqual(before);
  });
});

describe("the return from checkout", () => {
  it("syncs before the page renders, so the payer never lands before the webhook, then drops the session id", async () => {
    const buyer = await insertUser();
    const started = await startAs(buyer);
    const sessionId = sessionIdOf(started.ok ? started.data.url : "");
    // Paid at the provider, but nothing has reached our licences yet.
    await payTestCheckoutSession(sessionId, buyer.id);
    expect((await profileOf(buyer.id)).isSubscribed).toBe(false);

    expect(await redirectOf(completeCheckoutReturn(sessionId))).toBe(
      "/drug-tariff-parts/partviiia?paymentSuccess=true",
    );
    expect(await profileOf(buyer.id)).toMatchObject({ isSubscribed: true, admin: true });
  });

  it("does not sync someone else's checkout", async () => {
    const buyer = await insertUser();
    const started = await startAs(buyer);
    const sessionId = sessionIdOf(started.ok ? started.data.url : "");
    await payTestCheckoutSession(sessionId, buyer.id);
    await actAs(await insertUser());
    await redirectOf(completeCheckoutReturn(sessionId));
    expect((await profileOf(buyer.id)).isSubscribed).toBe(false);
  });

  it("does nothing without a session id", async () => {
    await expect(completeCheckoutReturn(undefined)).resolves.toBeUndefined();
    await expect(completeCheckoutReturn(["a", "b"])).resolves.toBeUndefined();
  });
});
