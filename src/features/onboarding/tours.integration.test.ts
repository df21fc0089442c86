import { describe, expect, it } from "vitest";

import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { getProfileSummary } from "@/lib/session";
import { setupTestDatabase } from "@tests/fixtures/db";

import { recordTourOutcome } from "./commands";
import { knownTours } from "./tours";

/** Whether a tour was finished or skipped is kept per user, so it does not start again. */
setupTestDatabase();
const getSeenTours = async (userId: string) => knownTours((await getProfileSummary(userId))!.seenTours);

describe("remembering the tours", () => {
  it("keeps each user's finished or skipped tours, and only theirs", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    const other = await currentUserOf(await insertUser({ subscribed: true }));
    expect(await getSeenTours(user.id)).toEqual([]);

    expect(await runAs(recordTourOutcome, { tour: "welcome", outcome: "skipped" }, user)).toMatchObject({
      ok: true,
    });
    expect(await getSeenTours(user.id)).toEqual(["welcome"]);
    expect(await getSeenTours(other.id)).toEqual([]);

    // Replaying the tour from Help and finishing it updates the one record.
    await runAs(recordTourOutcome, { tour: "welcome", outcome: "finished" }, user);
    await runAs(recordTourOutcome, { tour: "intro", outcome: "finished" }, user);
    expect((await getSeenTours(user.id)).sort()).toEqual(["intro", "welcome"]);
  });

  it("refuses someone signed out and a tour or outcome it does not know", async () => {
    const user = await currentUserOf(await insertUser({ subscribed: true }));
    expect(await runAs(recordTourOutcome, { tour: "welcome", outcome: "finished" }, null)).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
    expect(await runAs(recordTourOutcome, { tour: "other", outcome: "finished" }, user)).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(
      await runAs(recordTourOutcome, { tour: "welcome", outcome: "finished", userId: "someone-else" }, user),
    ).toMatchObject({ ok: false, code: "validation" });
    expect(await getSeenTours(user.id)).toEqual([]);
  });
});
