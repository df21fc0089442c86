import { describe, expect, it, vi } from "vitest";

import { getDb } from "@/db/client";
import { licences } from "@/db/schema";
import { insertUser } from "@tests/fixtures/accounts";
import { insertBuyer } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { fakeStripe, installFakeStripe, stripeSettings } from "@tests/fixtures/fake-stripe";

import { getLicenceBilling, listLicenceInvoices } from "./queries";
import { syncSubscription } from "./sync";

vi.mock("stripe", async (original) =>
  (await import("@tests/fixtures/fake-stripe")).fakeStripeModule(await original()),
);

setupTestDatabase();
installFakeStripe();

/** A 5-user annual licence bought at Stripe, with its admin and one member. */
async function boughtLicence() {
  const admin = await insertBuyer();
  const subscription = fakeStripe.addSubscription({
    customer: admin.customerId,
    quantity: 5,
    price: stripeSettings.priceIds["multi-5"].annual,
    periodEnd: new Date("2027-03-14T12:00:00Z"),
    metadata: {
      profileId: admin.id,
      planId: "multi-5",
      interval: "annual",
      organisation: "Harbour Pharmacy Ltd",
    },
  });
  const { licenceId } = (await syncSubscription(subscription.id))!;
  await insertUser({ delegate: true, subscribed: true, licenceId });
  return { admin, licenceId };
}

describe("the admin's Billing section", () => {
  it("shows the plan, seats, billing period and renewal date as synced from the provider", async () => {
    const { licenceId, admin } = await boughtLicence();
    expect(await getLicenceBilling(licenceId)).toEqual({
      organisation: "Harbour Pharmacy Ltd",
      seats: 5,
      users: 2,
      subscription: {
        provider: "stripe",
        customerId: admin.customerId,
        planId: "multi-5",
        planName: "5 Users",
        interval: "annual",
        status: "active",
        currentPeriodEnd: new Date("2027-03-14T12:00:00Z"),
        trialEnd: null,
        cancelAtPeriodEnd: false,
      },
    });
  });

  it("shows a trialing licence's end and cancellation as synced from the provider", async () => {
    const admin = await insertBuyer();
    const trialEnd = new Date("2026-12-12T15:00:00Z");
    const subscription = fakeStripe.addSubscription({
      customer: admin.customerId,
      quantity: 2,
      price: stripeSettings.priceIds["multi-2"].monthly,
      trialEnd,
      metadata: { profileId: admin.id, planId: "multi-2", interval: "monthly", organisation: "Two Ltd" },
    });
    const { licenceId } = (await syncSubscription(subscription.id))!;
    expect((await getLicenceBilling(licenceId))!.subscription).toMatchObject({
      status: "trialing",
      trialEnd,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
    });
    fakeStripe.setSubscription(subscription.id, { cancelAtPeriodEnd: true });
    await syncSubscription(subscription.id);
    expect((await getLicenceBilling(licenceId))!.subscription).toMatchObject({
      status: "trialing",
      cancelAtPeriodEnd: true,
    });
  });

  it("lists the customer's own invoices at Stripe, newest first, with their pages", async () => {
    const { licenceId, admin } = await boughtLicence();
    const other = await insertBuyer();
    fakeStripe.addInvoice({
      customer: admin.customerId,
      total: 99_900,
      created: new Date("2026-03-14T12:00:00Z"),
    });
    fakeStripe.addInvoice({
      customer: admin.customerId,
      total: 11_988,
      created: new Date("2026-09-01T12:00:00Z"),
      status: "open",
    });
    fakeStripe.addInvoice({
      customer: other.customerId,
      total: 2_499,
      created: new Date("2026-10-01T12:00:00Z"),
    });
    const invoices = await listLicenceInvoices((await getLicenceBilling(licenceId))!);
    expect(invoices).toEqual({
      state: "listed",
      invoices: [
        expect.objectContaining({
          totalPence: 11_988,
          currency: "gbp",
          status: "open",
          issuedAt: new Date("2026-09-01T12:00:00Z"),
        }),
        expect.objectContaining({
          totalPence: 99_900,
          status: "paid",
          url: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
        }),
      ],
    });
    expect(fakeStripe.calls.find((call) => call.method === "invoices.list")?.params).toEqual({
      customer: admin.customerId,
      limit: 12,
    });
  });

  it("still shows when Stripe cannot be reached, saying the invoices could not be loaded", async () => {
    const { licenceId } = await boughtLicence();
    fakeStripe.failures.set(
      "invoices.list",
      Object.assign(new Error("connection reset"), { type: "StripeConnectionError" }),
    );
    expect(await listLicenceInvoices((await getLicenceBilling(licenceId))!)).toEqual({
      state: "unavailable",
    });
  });

  it("has no subscription, and asks the provider nothing, for a licence set up by us", async () => {
    const [licence] = await getDb()
      .insert(licences)
      .values({ organisation: "Operator Pharmacy", seats: 3 })
      .returning({ licenceId: licences.licenceId });
    await insertUser({ admin: true, subscribed: true, licenceId: licence!.licenceId });
    const billing = (await getLicenceBilling(licence!.licenceId))!;
    expect(billing).toEqual({ organisation: "Operator Pharmacy", seats: 3, users: 1, subscription: null });
    expect(await listLicenceInvoices(billing)).toEqual({ state: "none" });
    expect(fakeStripe.calls).toEqual([]);
  });
});
