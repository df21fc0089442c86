import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

import { licences, profiles, user } from "./schema";
import { DEMO_LICENCE_ID, seedDatabase } from "./seed";

const database = setupTestDatabase();

/** Profiles belong to an auth user (deleting the user deletes the profile). */
async function withUser(id: string, email: string) {
  await database.db.insert(user).values({ id, name: "Test", email });
  return { id, email };
}

describe("the migrated schema", () => {
  it("has pg_trgm, which the search depends on", async () => {
    const result = await database.db.execute(sql`select similarity('paracetamol', 'paracetmol') as score`);
    expect(Number(result.rows[0]!.score)).toBeGreaterThan(0.4);
  });

  it("stores the profile fields of product §3 with safe defaults", async () => {
    const [row] = await database.db
      .insert(profiles)
      .values(await withUser("user-defaults", "defaults@example.test"))
      .returning();
    expect(row).toMatchObject({
      admin: false,
      delegate: false,
      isSubscribed: false,
      licenceId: null,
      edition: 1,
      customerId: null,
      lastSignedIn: null,
    });
  });

  it("refuses a country other than 1 (England & Wales) or 2 (Northern Ireland)", async () => {
    await expect(
      database.db
        .insert(profiles)
        .values({ ...(await withUser("user-country", "country@example.test")), edition: 3 }),
    ).rejects.toThrow();
  });

  it("refuses a licence without seats", async () => {
    await expect(
      database.db.insert(licences).values({ organisation: "Nobody Ltd", seats: 0 }),
    ).rejects.toThrow();
  });

  it("detaches profiles when their licence is deleted", async () => {
    const [licence] = await database.db
      .insert(licences)
      .values({ organisation: "Gone Ltd", seats: 2 })
      .returning();
    await database.db
      .insert(profiles)
      .values({ ...(await withUser("user-gone", "gone@example.test")), licenceId: licence!.licenceId });
    await database.db.delete(licences).where(sql`${licences.licenceId} = ${licence!.licenceId}`);
    const [row] = await database.db
      .select()
      .from(profiles)
      .where(sql`${profiles.id} = 'user-gone'`);
    expect(row!.licenceId).toBeNull();
  });
});

describe("profiles", () => {
  it("go when their user is deleted", async () => {
    await database.db.insert(profiles).values(await withUser("user-deleted", "deleted@example.test"));
    await database.db.delete(user).where(sql`${user.id} = 'user-deleted'`);
    expect(
      await database.db
        .select()
        .from(profiles)
        .where(sql`${profiles.id} = 'user-deleted'`),
    ).toEqual([]);
  });
});

describe("seedDatabase", () => {
  it("adds the demo licence and accounts once: running it twice changes nothing", async () => {
    const first = await seedDatabase(database.db, { demo: true });
    const before = await database.db
      .select()
      .from(licences)
      .where(sql`${licences.licenceId} = ${DEMO_LICENCE_ID}`);
    const second = await seedDatabase(database.db, { demo: true });
    const after = await database.db
      .select()
      .from(licences)
      .where(sql`${licences.licenceId} = ${DEMO_LICENCE_ID}`);
    expect(first.inserted).toBeGreaterThan(0);
    expect(second.inserted).toBe(0);
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({ organisation: "Demo Pharmacy Ltd", seats: 5 });
    const demo = await database.db
      .select()
      .from(profiles)
      .where(sql`${profiles.email} like '%@demo.tariffscope.test'`);
    expect(demo.map((p) => [p.email, p.admin, p.delegate, p.isSubscribed, p.licenceId])).toEqual(
      expect.arrayContaining([
        ["admin@demo.tariffscope.test", true, false, true, DEMO_LICENCE_ID],
        ["delegate@demo.tariffscope.test", false, true, true, DEMO_LICENCE_ID],
        ["newuser@demo.tariffscope.test", false, false, false, null],
        ["owner@demo.tariffscope.test", false, false, true, null],
      ]),
    );
  });

  it("adds nothing when demo data is not wanted", async () => {
    expect(await seedDatabase(database.db, { demo: false })).toEqual({ inserted: 0 });
  });
});
