import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";

import { profiles } from "@/db/schema";
import { updateEdition } from "@/features/accounts/commands";
import { getProfileSummary } from "@/lib/session";

import { saveSearchParts } from "./commands";

/** 'Select Parts to Search' is remembered on the user's profile, for them alone (ADR 098). */
const database = setupTestDatabase();

const partsOff = async (userId: string) => (await getProfileSummary(userId))!.searchPartsOff;

describe("remembering the parts a user searches", () => {
  it("keeps each subscriber's parts switched off on their profile, and only theirs", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const other = await currentUserOf(await insertUser({ subscribed: true }));
    expect(await partsOff(user.id)).toEqual([]);

    const saved = await runAs(saveSearchParts, { off: ["ix", "viiib", "ix"] }, user);
    expect(saved).toEqual({ ok: true, data: { off: ["viiib", "ix"] } });
    expect(await partsOff(user.id)).toEqual(["viiib", "ix"]);
    expect(await partsOff(other.id)).toEqual([]);

    await runAs(saveSearchParts, { off: [] }, user);
    expect(await partsOff(user.id)).toEqual([]);
  });

  it("refuses someone signed out, a user without a subscription, unknown parts and other fields", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const unsubscribed = await currentUserOf(await insertUser({ subscribed: false }));
    expect(await runAs(saveSearchParts, { off: ["ix"] }, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
    expect(await runAs(saveSearchParts, { off: ["ix"] }, unsubscribed)).toMatchObject({
      ok: false,
      code: "subscription_required",
    });
    expect(await runAs(saveSearchParts, { off: ["blacklist"] }, user)).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(await runAs(saveSearchParts, { off: ["ix"], userId: unsubscribed.id }, user)).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(await partsOff(user.id)).toEqual([]);
    expect(await partsOff(unsubscribed.id)).toEqual([]);
  });

  it("keeps no Part VIIIB or VIIID off in Northern Ireland, so England & Wales searches them again", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    await runAs(saveSearchParts, { off: ["viiib", "viiid", "ix"] }, user);

    expect(await runAs(updateEdition, { edition: 2 }, user)).toMatchObject({ ok: true });
    expect(await partsOff(user.id)).toEqual(["ix"]);
    const inNorthernIreland = await currentUserOf(user);
    // Parts Northern Ireland does not offer are not kept, whatever the browser sends.
    await runAs(saveSearchParts, { off: ["viiib", "ix", "concessions"] }, inNorthernIreland);
    expect(await partsOff(user.id)).toEqual(["ix", "concessions"]);

    await runAs(updateEdition, { edition: 1 }, inNorthernIreland);
    expect(await partsOff(user.id)).toEqual(["ix", "concessions"]);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.edition).toBe(1);
  });
});
