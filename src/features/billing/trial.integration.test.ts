import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { devOutbox, licences, testSubscriptions, trials, user } from "@/db/schema";
import { getProfileSummary } from "@/lib/session";
import { formatUkDate } from "@/lib/tariff-vocabulary";
import { insertUser } from "@tests/fixtures/accounts";
import { profileOf } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";

import {
  cancelTestPortalSubscription,
  endTestPortalTrialNow,
  payTestCheckout,
  startCheckout,
} from "./actions";
import { runTestTrials } from "./trial";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

const database = setupTestDatabase();
const day = 86_400_000;

type Buyer = Awaited<ReturnType<typeof insertUser>>;

/** Starts a free trial through the test checkout, as the plan picker and the test checkout's page do. */
async function startTrial(
  buyer?: Buyer,
  options: { cardDeclines?: boolean; planId?: "single" | "multi-5" } = {},
): Promise<{ buyer: Buyer; licenceId: string; subscriptionId: string }> {
  const person = buyer ?? (await insertUser());
  await actAs(person);
  const started = await startCheckout({
    planId: options.planId ?? "multi-5",
    interval: "monthly",
    organisation: "Trial Pharmacy Ltd",
    trial: true,
  });
  expect(started).toMatchObject({ ok: true });
  const sessionId = started.ok ? started.data.url.split("/").pop()! : "";
  expect(await payTestCheckout({ sessionId, cardDeclines: options.cardDeclines ?? false })).toMatchObject({
    ok: true,
  });
  const { licenceId } = await profileOf(person.id);
  const [licence] = await database.db.select().from(licences).where(eq(licences.licenceId, licenceId!));
  return { buyer: person, licenceId: licenceId!, subscriptionId: licence!.providerSubscriptionId! };
}

async function licence(licenceId: string) {
  const [row] = await database.db.select().from(licences).where(eq(licences.licenceId, licenceId));
  return row!;
}

async function mailsTo(email: string) {
  return database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
}

describe("a free trial through the test checkout", () => {
  it("starts a 14-day trial: access now, nothing charged, the trial recorded against the buyer", async () => {
    const before = Date.now();
    const { buyer, licenceId, subscriptionId } = await startTrial();
    const row = await licence(licenceId);
    expect(row).toMatchObject({ status: "trialing", seats: 5, planId: "multi-5" });
    const fourteenDays = before + 14 * day;
    expect(row.trialEnd!.getTime()).toBeGreaterThanOrEqual(fourteenDays);
    expect(row.trialEnd!.getTime()).toBeLessThan(fourteenDays + 60_000);
    // During the trial the current period is the trial, as at Stripe.
    expect(row.currentPeriodEnd).toEqual(row.trialEnd);
    expect(await profileOf(buyer.id)).toMatchObject({ isSubscribed: true, admin: true });
    const [trial] = await database.db.select().from(trials).where(eq(trials.subscriptionId, subscriptionId));
    expect(trial).toMatchObject({ email: buyer.email.toLowerCase(), profileId: buyer.id, licenceId });
    // The app's notice reads the trial with the profile.
    expect((await getProfileSummary(buyer.id))!.trial).toEqual({
      endsAt: row.trialEnd,
      cancelAtPeriodEnd: false,
      planId: "multi-5",
      interval: "monthly",
    });
  });

  it("e-mails the admin three days before it ends, once, and ends it paid: the plan carries on", async () => {
    const { buyer, licenceId, subscriptionId } = await startTrial();
    const trialEnd = (await licence(licenceId)).trialEnd!;

    // Four days before the end: nothing yet. (Other tests' trials share the database: each run is
    // checked for this subscription only.)
    expect((await runTestTrials(new Date(trialEnd.getTime() - 4 * day))).reminded).not.toContain(
      subscriptionId,
    );
    const threeDaysBefore = new Date(trialEnd.getTime() - 3 * day + 60_000);
    const first = await runTestTrials(threeDaysBefore);
    expect(first.reminded).toContain(subscriptionId);
    expect(first.ended).not.toContain(subscriptionId);
    expect((await runTestTrials(threeDaysBefore)).reminded).not.toContain(subscriptionId);
    const mails = await mailsTo(buyer.email);
    const reminders = mails.filter((mail) => mail.subject === "Your TariffScope free trial ends soon");
    expect(reminders).toHaveLength(1);
    const ends = formatUkDate(trialEnd);
    expect(reminders[0]!.text).toContain(`Free trial: ends ${ends}`);
    expect(reminders[0]!.text).toContain("Then £99.99 a month, excluding VAT, is charged");
    expect(reminders[0]!.text).toContain("/account-management/dashboard?section=billing");

    // The end passes: the test card pays, and a month's period starts at the trial's end.
    expect((await runTestTrials(new Date(trialEnd.getTime() + 60_000))).ended).toContain(subscriptionId);
    const converted = await licence(licenceId);
    expect(converted.status).toBe("active");
    const nextMonth = new Date(trialEnd);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    expect(converted.currentPeriodEnd).toEqual(nextMonth);
    expect((await profileOf(buyer.id)).isSubscribed).toBe(true);
    expect((await getProfileSummary(buyer.id))!.trial).toBeNull();
    const [stored] = await database.db
      .select()
      .from(testSubscriptions)
      .where(eq(testSubscriptions.id, subscriptionId));
    expect(stored!.status).toBe("active");
  });

  it("ends unpaid on a declined card: everyone on the licence loses access", async () => {
    const { buyer, licenceId } = await startTrial(undefined, { cardDeclines: true });
    const delegate = await insertUser({ delegate: true, subscribed: true, licenceId });
    await actAs(buyer);
    expect(await endTestPortalTrialNow({})).toEqual({ ok: true, data: { status: "unpaid" } });
    expect((await licence(licenceId)).status).toBe("unpaid");
    expect((await profileOf(buyer.id)).isSubscribed).toBe(false);
    expect((await profileOf(delegate.id)).isSubscribed).toBe(false);
    expect((await getProfileSummary(delegate.id))!.isSubscribed).toBe(false);
  });

  it("cancelled during the trial: access ends, nothing is charged, and no reminder or conversion follows", async () => {
    const { buyer, licenceId, subscriptionId } = await startTrial();
    const trialEnd = (await licence(licenceId)).trialEnd!;
    await actAs(buyer);
    expect(await cancelTestPortalSubscription({})).toMatchObject({ ok: true });
    expect((await licence(licenceId)).status).toBe("canceled");
    for (const at of [trialEnd.getTime() - 2 * day, trialEnd.getTime() + day]) {
      const run = await runTestTrials(new Date(at));
      expect([...run.reminded, ...run.ended]).not.toContain(subscriptionId);
    }
    expect(
      (await mailsTo(buyer.email)).filter((mail) => mail.subject.includes("free trial ends soon")),
    ).toEqual([]);
    const [stored] = await database.db
      .select()
      .from(testSubscriptions)
      .where(eq(testSubscriptions.id, subscriptionId));
    expect(stored!.status).toBe("canceled");
    expect((await profileOf(buyer.id)).isSubscribed).toBe(false);
    expect(await endTestPortalTrialNow({})).toMatchObject({ ok: false, code: "conflict" });
  });
});

describe("one trial per person and per organisation", () => {
  const refusal = (result: unknown) => {
    expect(result).toMatchObject({ ok: false, code: "conflict" });
    return (result as { fieldErrors: { trial: string[] } }).fieldErrors.trial[0];
  };

  it("refuses a second trial to the same person, and still sells them a plan", async () => {
    const { buyer, licenceId } = await startTrial(undefined, { cardDeclines: true });
    await actAs(buyer);
    await endTestPortalTrialNow({});
    const message = refusal(await startCheckout({ planId: "single", interval: "monthly", trial: true }));
    expect(message).toMatch(/has had a TariffScope plan before, so it has no free trial/);
    expect(message).toContain("Choose a plan below to subscribe");
    // The plans are still on offer: a checkout that charges at once.
    expect(await startCheckout({ planId: "single", interval: "monthly" })).toMatchObject({ ok: true });
    expect((await licence(licenceId)).status).toBe("unpaid");
  });

  it("refuses a trial to a new account on an address that has had one", async () => {
    const { buyer } = await startTrial(undefined, { planId: "single" });
    await database.db.delete(user).where(eq(user.id, buyer.id));
    const again = await insertUser({ email: buyer.email });
    await actAs(again);
    expect(refusal(await startCheckout({ planId: "single", interval: "monthly", trial: true }))).toMatch(
      /You have already had a free trial of TariffScope, and there is one per person/,
    );
  });

  it("refuses a trial to anyone on a licence, such as a member of a lapsed one", async () => {
    const { buyer, licenceId } = await startTrial();
    const member = await insertUser({ delegate: true, subscribed: true, licenceId });
    await actAs(buyer);
    await cancelTestPortalSubscription({});
    await actAs(member);
    expect(refusal(await startCheckout({ planId: "single", interval: "monthly", trial: true }))).toMatch(
      /Your organisation has had a TariffScope plan before/,
    );
  });

  it("refuses a trial to a payment customer that has had one, whoever holds it now", async () => {
    const { buyer, subscriptionId } = await startTrial();
    // The trial record outlives the account and the licence; the customer is what is matched.
    const [trial] = await database.db.select().from(trials).where(eq(trials.subscriptionId, subscriptionId));
    const stranger = await insertUser();
    await database.db
      .update(trials)
      .set({ email: "someone-else@example.test", profileId: null })
      .where(eq(trials.id, trial!.id));
    const { profiles } = await import("@/db/schema");
    const customerId = (await profileOf(buyer.id)).customerId!;
    await database.db.update(profiles).set({ customerId: null }).where(eq(profiles.id, buyer.id));
    await database.db.update(profiles).set({ customerId }).where(eq(profiles.id, stranger.id));
    await actAs(stranger);
    expect(refusal(await startCheckout({ planId: "single", interval: "monthly", trial: true }))).toMatch(
      /You have already had a free trial/,
    );
  });

  it("refuses a second trial checkout opened before the first trial was had and cancelled", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    const second = await startCheckout({ planId: "single", interval: "annual", trial: true });
    const secondId = second.ok ? second.data.url.split("/").pop()! : "";
    await startTrial(buyer);
    await cancelTestPortalSubscription({});
    expect(await payTestCheckout({ sessionId: secondId })).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringMatching(/no free trial/),
    });
  });

  it("lets a visitor's first trial through and records nothing until the checkout is completed", async () => {
    const buyer = await insertUser();
    await actAs(buyer);
    expect(await startCheckout({ planId: "single", interval: "monthly", trial: true })).toMatchObject({
      ok: true,
    });
    expect(await database.db.select().from(trials).where(eq(trials.profileId, buyer.id))).toEqual([]);
  });
});
