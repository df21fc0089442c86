import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { customPlanEnquiries, devOutbox, licences, profiles } from "@/db/schema";
import { site } from "@/lib/site";
import { insertUser } from "@tests/fixtures/accounts";
import { billingSnapshot, profileOf } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";

import {
  cancelTestPortalSubscription,
  changeTestPortalSeats,
  payTestCheckout,
  startCheckout,
  submitCustomPlanEnquiry,
} from "./actions";
import { enquiryLimits } from "./enquiry";
import { getTestPortal } from "./test-mode";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

const database = setupTestDatabase();

/** A user who bought a plan through the test checkout: the admin of a new licence. */
async function buyPlan(planId: "single" | "multi-2" | "multi-5" = "multi-5") {
  const admin = await insertUser();
  await actAs(admin);
  const started = await startCheckout({ planId, interval: "monthly", organisation: "Test Portal Ltd" });
  const sessionId = started.ok ? started.data.url.split("/").pop()! : "";
  expect((await payTestCheckout({ sessionId })).ok).toBe(true);
  const { licenceId } = await profileOf(admin.id);
  return { admin, licenceId: licenceId! };
}

async function seatsOf(licenceId: string) {
  const [row] = await database.db.select().from(licences).where(eq(licences.licenceId, licenceId));
  return row!;
}

describe("the test billing portal", () => {
  it("lowers the seats below the users on the licence: they all stay (abuse case 13)", async () => {
    const { admin, licenceId } = await buyPlan("multi-5");
    const delegates = await Promise.all(
      [1, 2].map(() => insertUser({ delegate: true, subscribed: true, licenceId })),
    );
    await actAs(admin);
    expect(await changeTestPortalSeats({ seats: 2 })).toEqual({ ok: true, data: { seats: 2 } });
    expect((await seatsOf(licenceId)).seats).toBe(2);
    const users = await database.db.select().from(profiles).where(eq(profiles.licenceId, licenceId));
    expect(users).toHaveLength(3);
    expect(users.every((user) => user.isSubscribed)).toBe(true);
    for (const delegate of delegates) expect((await profileOf(delegate.id)).delegate).toBe(true);
  });

  it("moves to the plan of that many users when the seats change to one, as a plan change would", async () => {
    const { admin, licenceId } = await buyPlan("single");
    await actAs(admin);
    expect(await changeTestPortalSeats({ seats: 2 })).toEqual({ ok: true, data: { seats: 2 } });
    expect(await seatsOf(licenceId)).toMatchObject({ seats: 2, planId: "multi-2" });
    // Three seats is no plan of ours: the plan stays, with three seats.
    expect(await changeTestPortalSeats({ seats: 3 })).toMatchObject({ ok: true });
    expect(await seatsOf(licenceId)).toMatchObject({ seats: 3, planId: "multi-2" });
  });

  it("shows its admin the licence and the subscription", async () => {
    const { admin, licenceId } = await buyPlan("multi-2");
    await actAs(admin);
    const user = { ...admin, admin: true, licenceId, subscribed: true } as never;
    expect(await getTestPortal(user)).toMatchObject({
      organisation: "Test Portal Ltd",
      seats: 2,
      users: 1,
      status: "active",
      planId: "multi-2",
      interval: "monthly",
    });
  });

  it("cancels: everyone on the licence loses access", async () => {
    const { admin, licenceId } = await buyPlan("multi-5");
    const delegate = await insertUser({ delegate: true, subscribed: true, licenceId });
    await actAs(admin);
    expect(await cancelTestPortalSubscription({})).toMatchObject({ ok: true });
    expect((await seatsOf(licenceId)).status).toBe("canceled");
    expect((await profileOf(admin.id)).isSubscribed).toBe(false);
    expect((await profileOf(delegate.id)).isSubscribed).toBe(false);
  });

  it("is for the licence admin only", async () => {
    const { licenceId } = await buyPlan("multi-5");
    const delegate = await insertUser({ delegate: true, subscribed: true, licenceId });
    await actAs(delegate);
    const before = await billingSnapshot();
    expect(await changeTestPortalSeats({ seats: 1 })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await cancelTestPortalSubscription({})).toMatchObject({ ok: false, code: "forbidden" });
    await actAs(null);
    expect(await changeTestPortalSeats({ seats: 1 })).toMatchObject({ ok: false, code: "unauthorized" });
    expect((await billingSnapshot()).licences).toEqual(before.licences);
  });
});

/** Every billing and role field, spelled as the spec, the database and our code spell them. */
const privileged = {
  is_subscribed: true,
  isSubscribed: true,
  delegate: true,
  license_id: "00000000-0000-4000-8000-000000000001",
  licenseId: "00000000-0000-4000-8000-000000000001",
  admin: true,
  role: "admin",
  number_of_licenses: 999,
  numberOfLicenses: 999,
  seat_limit: 999,
  customerId: "cus_someone_else",
  customer_id: "cus_someone_else",
};

const validInputs = {
  startCheckout: { planId: "multi-5", interval: "monthly", organisation: "Mass Ltd" },
  submitCustomPlanEnquiry: { name: "Sam", email: "sam@example.test", organisation: "Big plc", seats: 40 },
  payTestCheckout: { sessionId: `tcs_${"0".repeat(24)}` },
  changeTestPortalSeats: { seats: 3 },
  cancelTestPortalSubscription: {},
} as const;

const actions = {
  startCheckout,
  submitCustomPlanEnquiry,
  payTestCheckout,
  changeTestPortalSeats,
  cancelTestPortalSubscription,
} as Record<keyof typeof validInputs, (input: unknown) => Promise<{ ok: boolean; code?: string }>>;

/** The input with an own `__proto__` key, as `JSON.parse` makes it from a request body. */
function withPrototypeKey(valid: object): unknown {
  const rest = JSON.stringify(valid).slice(1, -1);
  const input = JSON.parse(`{"__proto__":${JSON.stringify(privileged)}${rest ? `,${rest}` : ""}}`) as object;
  expect(Object.keys(input)).toContain("__proto__");
  return input;
}

describe("no billing action takes a billing or role field (abuse case 2, R3)", () => {
  const variants: [string, (valid: object) => unknown][] = [
    ["each field beside a valid input", (valid) => ({ ...valid, ...privileged })],
    ["__proto__", withPrototypeKey],
    ["constructor.prototype", (valid) => ({ ...valid, constructor: { prototype: privileged } })],
    ["an array", () => [privileged]],
    ["the fields alone", () => privileged],
  ];

  for (const [name, action] of Object.entries(actions)) {
    for (const [variant, build] of variants) {
      it(`${name} refuses ${variant}, and the database is unchanged`, async () => {
        const { admin } = await buyPlan("multi-5");
        await actAs(admin);
        const before = await billingSnapshot();
        const valid = validInputs[name as keyof typeof validInputs];
        const result = await action(build(valid));
        expect(result).toMatchObject({ ok: false, code: "validation" });
        expect(await billingSnapshot()).toEqual(before);
        expect(({} as Record<string, unknown>).isSubscribed).toBeUndefined();
      });
    }
  }

  it("refuses each field on its own as an extra key", async () => {
    const user = await insertUser();
    await actAs(user);
    for (const [field, value] of Object.entries(privileged)) {
      const result = await startCheckout({ ...validInputs.startCheckout, [field]: value } as never);
      expect(result, field).toMatchObject({ ok: false, code: "validation" });
    }
    expect(await profileOf(user.id)).toMatchObject({
      isSubscribed: false,
      admin: false,
      delegate: false,
      licenceId: null,
      customerId: null,
    });
  });
});

describe("the custom-plan enquiry (more than 10 users)", () => {
  const enquiry = { name: "Sam Lee", organisation: "Big Group plc", seats: 40, message: "Twelve branches." };

  it("is kept and e-mailed to the sales address, from a visitor without an account too", async () => {
    await actAs(null);
    const email = `sam-${Date.now()}@example.test`;
    expect(await submitCustomPlanEnquiry({ ...enquiry, email })).toEqual({
      ok: true,
      data: { received: true },
    });
    const [row] = await database.db
      .select()
      .from(customPlanEnquiries)
      .where(eq(customPlanEnquiries.email, email));
    expect(row).toMatchObject({
      name: "Sam Lee",
      organisation: "Big Group plc",
      seats: 40,
      message: "Twelve branches.",
      profileId: null,
    });
    const mails = await database.db.select().from(devOutbox).where(eq(devOutbox.to, site.salesEmail));
    const mail = mails.find((m) => m.text.includes(email));
    expect(mail?.subject).toBe("Custom plan enquiry: 40 users");
    expect(mail?.text).toContain("Big Group plc");
    expect(await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toEqual([]);
  });

  it("records who asked when they are signed in", async () => {
    const user = await insertUser();
    await actAs(user);
    expect((await submitCustomPlanEnquiry({ ...enquiry, email: user.email })).ok).toBe(true);
    const [row] = await database.db
      .select()
      .from(customPlanEnquiries)
      .where(eq(customPlanEnquiries.email, user.email));
    expect(row!.profileId).toBe(user.id);
  });

  it.each([
    ["10 users or fewer", { seats: 10 }, "seats"],
    ["a line break in the name", { name: "Sam\r\nBcc: victim@example.test" }, "name"],
    ["a line break in the organisation", { organisation: "Big\nplc" }, "organisation"],
    ["a bad e-mail address", { email: "not-an-address" }, "email"],
    ["a fractional number of users", { seats: 12.5 }, "seats"],
  ])("refuses %s", async (_label, change, field) => {
    await actAs(null);
    const result = await submitCustomPlanEnquiry({
      ...enquiry,
      email: "ok@example.test",
      ...change,
    } as never);
    expect(result).toMatchObject({
      ok: false,
      code: "validation",
      fieldErrors: { [field]: expect.any(Array) },
    });
  });

  it("is rate-limited per address", async () => {
    await actAs(null);
    const email = `burst-${Date.now()}@example.test`;
    const results = [];
    for (let attempt = 0; attempt < enquiryLimits.perEmail.max + 2; attempt += 1)
      results.push(await submitCustomPlanEnquiry({ ...enquiry, email }));
    expect(results.filter((r) => r.ok)).toHaveLength(enquiryLimits.perEmail.max);
    expect(results.at(-1)).toMatchObject({ ok: false, code: "rate_limited" });
    const rows = await database.db
      .select()
      .from(customPlanEnquiries)
      .where(eq(customPlanEnquiries.email, email));
    expect(rows).toHaveLength(enquiryLimits.perEmail.max);
  });
});
