import { count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { devOutbox, licences, profiles } from "@/db/schema";
import { insertUser } from "@tests/fixtures/accounts";
import { billingSnapshot, insertBuyer, licenceOfSubscription, profileOf } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { fakeStripe, installFakeStripe, stripeSettings } from "@tests/fixtures/fake-stripe";
import { awayFromMinuteBoundary, jobProcesses, sleep } from "@tests/fixtures/jobs";
import { capturedLogs } from "@tests/fixtures/log-capture";

import { billingReconcileJob, reconcileSubscriptions, type ReconcileReport } from "./reconcile";
import { syncSubscription } from "./sync";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "info";
});
vi.mock("pino", async (original) =>
  (await import("@tests/fixtures/log-capture")).capturingPino(await original()),
);
vi.mock("stripe", async (original) =>
  (await import("@tests/fixtures/fake-stripe")).fakeStripeModule(await original()),
);

const database = setupTestDatabase();
installFakeStripe();

/** A buyer's licence, synced from an active Stripe subscription: in step to begin with. */
async function licenceInStep(seats = 5) {
  const buyer = await insertBuyer();
  const subscription = fakeStripe.addSubscription({
    customer: buyer.customerId,
    quantity: seats,
    metadata: { profileId: buyer.id, planId: "multi-5", interval: "monthly", organisation: "Quay Pharmacy" },
    periodEnd: new Date("2027-01-15T10:00:00Z"),
  });
  const { licenceId } = (await syncSubscription(subscription.id))!;
  return { buyer, subscription, licenceId };
}

/** The report's findings about these licences only (other tests' licences share the database). */
function about(report: ReconcileReport, licenceIds: string[]) {
  const mine = <T extends { licenceId: string }>(list: T[]) =>
    list.filter((outcome) => licenceIds.includes(outcome.licenceId));
  return { drifted: mine(report.drifted), missing: mine(report.missing), failed: mine(report.failed) };
}

async function outboxSize() {
  const [row] = await database.db.select({ n: count() }).from(devOutbox);
  return row!.n;
}

describe("the billing reconciliation", () => {
  it("repairs each kind of drift through the sync, says what it changed, and leaves the rest alone", async () => {
    const lapsed = await licenceInStep();
    const fewerSeats = await licenceInStep(5);
    const newPlan = await licenceInStep();
    const renewed = await licenceInStep();
    const halfApplied = await licenceInStep();
    const inStep = await licenceInStep();
    const gone = await licenceInStep();
    const member = await insertUser({ delegate: true, subscribed: true, licenceId: halfApplied.licenceId });

    // What lost webhooks leave behind: Stripe moved on, our tables did not.
    fakeStripe.setSubscription(lapsed.subscription.id, { status: "past_due" });
    fakeStripe.setSubscription(fewerSeats.subscription.id, { quantity: 3 });
    fakeStripe.setSubscription(newPlan.subscription.id, {
      price: stripeSettings.priceIds["multi-10"].annual,
      quantity: 10,
    });
    fakeStripe.setSubscription(renewed.subscription.id, { periodEnd: new Date("2027-02-15T10:00:00Z") });
    await database.db.update(profiles).set({ isSubscribed: false }).where(eq(profiles.id, member.id));
    fakeStripe.subscriptions.delete(gone.subscription.id);
    const goneBefore = await licenceOfSubscription(gone.subscription.id);
    capturedLogs.length = 0;

    const report = await reconcileSubscriptions();
    const ids = [lapsed, fewerSeats, newPlan, renewed, halfApplied, inStep, gone].map((l) => l.licenceId);
    const found = about(report, ids);
    const changesOf = (licenceId: string) =>
      found.drifted.find((outcome) => outcome.licenceId === licenceId)?.changes;

    expect(changesOf(lapsed.licenceId)).toEqual([{ field: "status", from: "active", to: "past_due" }]);
    expect(changesOf(fewerSeats.licenceId)).toEqual([{ field: "seats", from: "5", to: "3" }]);
    expect(changesOf(newPlan.licenceId)).toEqual([
      { field: "seats", from: "5", to: "10" },
      { field: "plan", from: "multi-5", to: "multi-10" },
      { field: "interval", from: "monthly", to: "annual" },
    ]);
    expect(changesOf(renewed.licenceId)).toEqual([
      { field: "period end", from: "2027-01-15T10:00:00.000Z", to: "2027-02-15T10:00:00.000Z" },
    ]);
    expect(changesOf(halfApplied.licenceId)).toEqual([
      { field: "users with the wrong access", from: "1", to: "0" },
    ]);
    expect(found.drifted).toHaveLength(5);
    expect(found.missing.map((outcome) => outcome.licenceId)).toEqual([gone.licenceId]);
    expect(found.failed).toEqual([]);

    // The tables now say what Stripe says.
    expect(await licenceOfSubscription(lapsed.subscription.id)).toMatchObject({ status: "past_due" });
    expect(await licenceOfSubscription(fewerSeats.subscription.id)).toMatchObject({ seats: 3 });
    expect(await licenceOfSubscription(newPlan.subscription.id)).toMatchObject({
      seats: 10,
      planId: "multi-10",
      billingInterval: "annual",
    });
    expect((await profileOf(member.id)).isSubscribed).toBe(true);
    expect(await licenceOfSubscription(gone.subscription.id)).toEqual(goneBefore);

    // Each repair is logged with what it changed; a missing subscription is a warning.
    const lines = capturedLogs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "licence repaired from its subscription",
        licenseId: fewerSeats.licenceId,
        changes: [{ field: "seats", from: "5", to: "3" }],
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, licenseId: gone.licenceId, subscriptionId: gone.subscription.id }),
    );
  });

  it("finds nothing to do the second time, and never e-mails anyone", async () => {
    const lapsed = await licenceInStep();
    fakeStripe.setSubscription(lapsed.subscription.id, { status: "past_due" });
    const mails = await outboxSize();

    expect(about(await reconcileSubscriptions(), [lapsed.licenceId]).drifted).toHaveLength(1);
    const second = await reconcileSubscriptions();
    expect(about(second, [lapsed.licenceId])).toEqual({ drifted: [], missing: [], failed: [] });
    expect(second.inStep).toBe(second.checked - second.missing.length);
    expect(await outboxSize()).toBe(mails);
  });

  it("in a dry run reports the drift and changes nothing", async () => {
    const { subscription, licenceId } = await licenceInStep(5);
    fakeStripe.setSubscription(subscription.id, { quantity: 2 });
    const before = await billingSnapshot();
    const report = await reconcileSubscriptions({ repair: false });
    expect(about(report, [licenceId]).drifted).toEqual([
      expect.objectContaining({ changes: [{ field: "seats", from: "5", to: "2" }] }),
    ]);
    expect(await billingSnapshot()).toEqual(before);
  });

  it("reports a licence Stripe could not answer for, and still repairs the others", async () => {
    const broken = await licenceInStep();
    const drifted = await licenceInStep(5);
    fakeStripe.setSubscription(drifted.subscription.id, { quantity: 4 });
    fakeStripe.failures.set(
      `subscriptions.retrieve ${broken.subscription.id}`,
      Object.assign(new Error("An error occurred with our connection to Stripe."), {
        type: "StripeConnectionError",
      }),
    );
    const report = await reconcileSubscriptions();
    const found = about(report, [broken.licenceId, drifted.licenceId]);
    expect(found.failed).toEqual([
      expect.objectContaining({ licenceId: broken.licenceId, error: expect.stringContaining("unavailable") }),
    ]);
    expect(found.drifted.map((outcome) => outcome.licenceId)).toEqual([drifted.licenceId]);
    expect((await licenceOfSubscription(drifted.subscription.id))!.seats).toBe(4);
  });

  it("leaves licences of the other provider alone", async () => {
    const [testLicence] = await database.db
      .insert(licences)
      .values({
        organisation: "Test Checkout Pharmacy",
        seats: 2,
        status: "active",
        provider: "test",
        providerSubscriptionId: "tsub_reconcile_other_provider",
      })
      .returning();
    const report = await reconcileSubscriptions();
    expect(report.otherProvider).toBeGreaterThanOrEqual(1);
    expect(fakeStripe.calls.map((call) => call.params)).not.toContain("tsub_reconcile_other_provider");
    expect(await licenceOfSubscription("tsub_reconcile_other_provider")).toEqual(testLicence);
  });
});

describe("the daily job", () => {
  const processes = jobProcesses(() => database.url);

  it("runs the reconciliation on the queue in one of several web server processes", async () => {
    await awayFromMinuteBoundary();
    const { subscription } = await licenceInStep(5);
    fakeStripe.setSubscription(subscription.id, { quantity: 2 });
    capturedLogs.length = 0;

    const job = billingReconcileJob("* * * * *");
    await Promise.all([processes.start([job]), processes.start([job])]);
    const finished = () => capturedLogs.filter((line) => line.includes('"billing reconciliation finished"'));
    for (let waited = 0; finished().length === 0 && waited < 150; waited++) await sleep(100);
    await sleep(3_000);

    expect(finished()).toHaveLength(1);
    expect((await licenceOfSubscription(subscription.id))!.seats).toBe(2);
  });
});
