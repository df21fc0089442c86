import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { marginUsage } from "@/db/schema";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { insertSampleTariff } from "@tests/fixtures/tariff-rows";

import { marginOwnerOf } from "./access";
import * as commands from "./commands";
import type { MarginLimits } from "./limits";
import { listUploads, saveUpload } from "./queries";
import { readTable } from "./read-upload";

/**
 * The margin check's limits (ADR 166): uploads per user in any hour, lines per licence in any 24
 * hours, uploads kept per licence; each refused with 429 and what to do, before anything is matched.
 */
const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

const mapping = { product: "Product", code: null, packSize: "Pack", cost: "Cost" };
const table = (lines: number) =>
  readTable(
    "prices.csv",
    new TextEncoder().encode(
      ["Product,Pack,Cost", ...Array.from({ length: lines }, () => "Amlodipine 5mg tablets,28,0.50")].join(
        "\n",
      ),
    ),
  );
const limits = (set: Partial<MarginLimits>): MarginLimits => ({
  uploadsPerHour: 30,
  linesPerDay: 100_000,
  uploadsKept: 100,
  ...set,
});

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown as { code?: string; status?: number; message: string },
  );
  expect(error, "the upload was refused").not.toBeNull();
  return error!;
}

describe("the margin check's limits", () => {
  it("allows a user a set number of uploads an hour, then 429 with when to try again; others of the licence go on", async () => {
    const { admin, member } = await insertOrganisation();
    const hourly = limits({ uploadsPerHour: 2 });
    for (let i = 0; i < 2; i++)
      await saveUpload(marginOwnerOf(admin), "a.csv", await table(1), mapping, hourly);
    const refused = await refusal(saveUpload(marginOwnerOf(admin), "a.csv", await table(1), mapping, hourly));
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(refused.message).toMatch(
      /^You have sent 2 price lists to the margin check in the last hour, the most allowed \(2 an hour\)\. Please try again in \d+ minutes?\.$/,
    );
    await saveUpload(marginOwnerOf(member), "b.csv", await table(1), mapping, hourly);
    expect(await listUploads(admin.licenceId!)).toHaveLength(3);
  });

  it("allows a licence a set number of lines a day, counting every user's, and checks nothing past it", async () => {
    const { admin, member, licenceId } = await insertOrganisation();
    const daily = limits({ linesPerDay: 5 });
    // Lines checked more than 24 hours ago no longer count.
    await database.db.insert(marginUsage).values({
      licenceId,
      userId: admin.id,
      lines: 1_000,
      createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    await saveUpload(marginOwnerOf(admin), "a.csv", await table(3), mapping, daily);
    const refused = await refusal(saveUpload(marginOwnerOf(member), "b.csv", await table(3), mapping, daily));
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(refused.message).toMatch(
      /^Your licence has had 3 lines checked in the last 24 hours; this file's 3 would pass its limit of 5 a day\. Please try again in about 24 hours, or check a smaller file\.$/,
    );
    expect(await listUploads(licenceId)).toHaveLength(1);
    await saveUpload(marginOwnerOf(member), "c.csv", await table(2), mapping, daily);
    expect(
      (await refusal(saveUpload(marginOwnerOf(admin), "d.csv", await table(6), mapping, daily))).message,
    ).toBe("A licence may have 5 lines checked a day; this file has 6. Please check it in smaller parts.");
    // Another licence has its own allowance.
    const other = await insertOrganisation();
    await saveUpload(marginOwnerOf(other.admin), "e.csv", await table(5), mapping, daily);
  });

  it("keeps a set number of uploads per licence; deleting one makes room, and stays counted for the day", async () => {
    const { admin, licenceId } = await insertOrganisation();
    const kept = limits({ uploadsKept: 2, linesPerDay: 3 });
    const first = await saveUpload(marginOwnerOf(admin), "a.csv", await table(1), mapping, kept);
    const second = await saveUpload(marginOwnerOf(admin), "b.csv", await table(1), mapping, kept);
    const refused = await refusal(saveUpload(marginOwnerOf(admin), "c.csv", await table(1), mapping, kept));
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(refused.message).toBe(
      "Your licence keeps 2 margin-check uploads, the most allowed. Delete one you no longer need, then check this file again.",
    );
    expect(await runAs(commands.deleteMarginUpload, { uploadId: first.id }, admin)).toMatchObject({
      ok: true,
    });
    await saveUpload(marginOwnerOf(admin), "c.csv", await table(1), mapping, kept);
    // A deleted upload's lines were still checked: room to keep one more, but the day's 3 lines are used.
    await runAs(commands.deleteMarginUpload, { uploadId: second.id }, admin);
    expect(
      (await refusal(saveUpload(marginOwnerOf(admin), "d.csv", await table(1), mapping, kept))).message,
    ).toMatch(/^Your licence has had 3 lines checked in the last 24 hours/);
    expect(await listUploads(licenceId)).toHaveLength(1);
    const other = await insertOrganisation();
    expect(await runAs(commands.deleteMarginUpload, { uploadId: first.id }, other.admin)).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("lets no two uploads sent at once pass a limit together", async () => {
    const { admin, member, licenceId } = await insertOrganisation();
    const daily = limits({ linesPerDay: 4 });
    const tables = await Promise.all(Array.from({ length: 4 }, () => table(2)));
    const outcomes = await Promise.allSettled(
      tables.map((rows, at) =>
        saveUpload(marginOwnerOf(at % 2 ? admin : member), `${at}.csv`, rows, mapping, daily),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    const used = await database.db.execute<{ lines: number }>(
      sql`select coalesce(sum(lines), 0)::int as lines from margin_usage where license_id = ${licenceId}`,
    );
    expect(used.rows[0]!.lines).toBe(4);
  });
});
