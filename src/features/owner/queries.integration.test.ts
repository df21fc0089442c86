import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { licences, pageViews, userSuspensions } from "@/db/schema";
import { insertUser, uniqueEmail } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";

import { getLicenceOverview, getPageViewsPerDay, getPlanSummary, searchOwnerConsole } from "./queries";

const database = setupTestDatabase();

describe("owner console reads", () => {
  it("counts page views per day, with every day of the range present", async () => {
    const day = 24 * 60 * 60 * 1000;
    await database.db.insert(pageViews).values([
      { path: "/a", viewedAt: new Date() },
      { path: "/a", viewedAt: new Date() },
      { path: "/b", viewedAt: new Date(Date.now() - 2 * day) },
      { path: "/old", viewedAt: new Date(Date.now() - 40 * day) },
    ]);
    const days = await getPageViewsPerDay(30);
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.views).toBe(2);
    expect(days.reduce((sum, entry) => sum + entry.views, 0)).toBe(3);
  });

  it("sums seats sold and used and monthly revenue by plan from the licences", async () => {
    const { licenceId } = await insertOrganisation({ seats: 5, name: "Plan Summary Ltd" });
    await database.db
      .update(licences)
      .set({ planId: "multi-5", billingInterval: "monthly", status: "active" })
      .where(eq(licences.licenceId, licenceId));
    const fivePlan = (await getPlanSummary()).find((plan) => plan.plan === "5 Users");
    expect(fivePlan).toEqual({
      plan: "5 Users",
      activeSubscriptions: 1,
      seatsSold: 5,
      seatsUsed: 2,
      mrrPence: 9_999,
    });
  });

  it("lists every licence with its seats and how many users hold one, an empty licence at 0", async () => {
    const { licenceId } = await insertOrganisation({ seats: 4, name: "Overview Pharmacy" });
    const [empty] = await database.db
      .insert(licences)
      .values({ organisation: "Empty Overview Ltd", seats: 2 })
      .returning();
    const overview = await getLicenceOverview();
    expect(overview.find((licence) => licence.licenceId === licenceId)).toMatchObject({ seats: 4, users: 2 });
    expect(overview.find((licence) => licence.licenceId === empty!.licenceId)).toMatchObject({
      seats: 2,
      users: 0,
    });
  });

  it("finds users and licences by e-mail, name or organisation, treating % as itself", async () => {
    const { licenceId, admin } = await insertOrganisation({ seats: 3, name: "Findable 100% Chemists" });
    const loner = await insertUser({ email: uniqueEmail("loner") });
    const byOrganisation = await searchOwnerConsole("100% chem");
    expect(byOrganisation.licences.map((licence) => licence.licenceId)).toEqual([licenceId]);
    expect(byOrganisation.users.map((found) => found.id)).toContain(admin.id);
    const byEmail = await searchOwnerConsole(admin.email.toUpperCase());
    expect(byEmail.users).toEqual([expect.objectContaining({ id: admin.id, suspended: false })]);
    expect(byEmail.licences).toEqual([expect.objectContaining({ licenceId, users: 2, seats: 3 })]);
    expect((await searchOwnerConsole(loner.email)).licences).toEqual([]);
    await database.db
      .insert(userSuspensions)
      .values({ userId: loner.id, suspendedBy: "owner", reason: "test" });
    expect((await searchOwnerConsole(loner.email)).users).toEqual([
      expect.objectContaining({ id: loner.id, suspended: true }),
    ]);
    const percent = await searchOwnerConsole("%");
    expect(percent.users.length).toBeGreaterThan(0);
    expect(percent.users.every((found) => found.organisation?.includes("%"))).toBe(true);
  });
});
