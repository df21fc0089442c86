import { beforeAll, describe, expect, it } from "vitest";

import { marginCorrections } from "@/db/schema";
import { getProductReimbursement } from "@/features/tariff/reimbursement-queries";
import { currentUserOf, insertUser } from "@tests/fixtures/accounts";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import { marginOwnerOf } from "./access";
import * as commands from "./commands";
import { getUpload, listUploads, rememberedMapping, saveUpload } from "./queries";
import { readTable } from "./read-upload";

const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

const csv = (text: string) => readTable("prices.csv", new TextEncoder().encode(text));
const mapping = { product: "Product", code: null, packSize: "Pack", cost: "Cost" };
const file = [
  "Product,Pack,Cost",
  `${codes.drug},28,£9.99`,
  "Amlodipine 5mg tablets,28,0.50",
  "Acme Foam 10cm,10,1.00",
  "Something unheard of,1,abc",
  "Zzzzqqq,1,1.00",
].join("\n");

async function organisation() {
  const { admin, member, licenceId } = await insertOrganisation();
  return { admin, member, licenceId, owner: marginOwnerOf(admin) };
}

describe("the margin check", () => {
  it("matches codes and names, keeps good rows beside the bad row's message, and works out margins", async () => {
    const { owner } = await organisation();
    const saved = await saveUpload(owner, "prices.csv", await csv(file), mapping);
    expect(saved.lines).toBe(4);
    expect(saved.problems).toEqual([
      { row: 5, message: 'Row 5: the cost "abc" is not an amount such as 12.50.' },
    ]);
    expect(await rememberedMapping(owner.licenceId)).toEqual(mapping);

    const result = (await getUpload(owner, saved.id))!;
    const [byCode, byName, appliance, unmatched] = result.lines;
    expect(byCode).toMatchObject({ kind: "drug", code: codes.drug, matchedBy: "code", confidence: 100 });
    expect(byName).toMatchObject({ kind: "drug", code: codes.drug, matchedBy: "name", confidence: 95 });
    expect(appliance).toMatchObject({ kind: "appliance", code: codes.appliancePack, matchedBy: "name" });
    expect(unmatched).toMatchObject({ kind: null, matchedBy: "none", margin: null });

    const months = await getProductReimbursement("drug", codes.drug);
    const expected = months.find((month) => month.editions[1])!.editions[1]!.perPackPence!;
    expect(byCode!.reimbursementPence).toBe(expected);
    expect(byCode!.margin).toMatchObject({ pence: expected - 999, loss: 999 > expected });
    expect(byName!.margin).toMatchObject({ pence: expected - 50, loss: false });
    expect(result.totals.matched).toBe(3);
  });

  it("remembers a correction for the licence and applies it first on the next upload", async () => {
    const { owner, admin, member } = await organisation();
    const saved = await saveUpload(owner, "prices.csv", await csv(file), mapping);
    const line = (await getUpload(owner, saved.id))!.lines.find((entry) => entry.product === "Zzzzqqq")!;
    const corrected = await runAs(
      commands.correctMarginMatch,
      { lineId: line.id, code: codes.appliancePack },
      member,
    );
    expect(corrected).toMatchObject({ ok: true, data: { kind: "appliance", code: codes.appliancePack } });
    const again = await saveUpload(marginOwnerOf(admin), "again.csv", await csv(file), mapping);
    expect(
      (await getUpload(owner, again.id))!.lines.find((entry) => entry.product === "Zzzzqqq"),
    ).toMatchObject({
      code: codes.appliancePack,
      matchedBy: "correction",
      confidence: 100,
    });
    expect(
      await runAs(commands.correctMarginMatch, { lineId: line.id, code: "9999999" }, admin),
    ).toMatchObject({
      ok: false,
      code: "validation",
    });
  });

  it("never shows or changes another licence's uploads and corrections (IDOR)", async () => {
    const ours = await organisation();
    const theirs = await organisation();
    const saved = await saveUpload(ours.owner, "ours.csv", await csv(file), mapping);
    const lineId = (await getUpload(ours.owner, saved.id))!.lines[0]!.id;

    expect(await getUpload(theirs.owner, saved.id)).toBeNull();
    expect(await listUploads(theirs.licenceId)).toEqual([]);
    expect(await rememberedMapping(theirs.licenceId)).toBeNull();
    const attempt = await runAs(
      commands.correctMarginMatch,
      { lineId, code: codes.appliancePack },
      theirs.admin,
    );
    expect(attempt).toMatchObject({ ok: false, code: "not_found" });
    const stored = await database.db.select().from(marginCorrections);
    expect(stored.filter((row) => row.licenceId === theirs.licenceId)).toEqual([]);
    expect((await getUpload(ours.owner, saved.id))!.lines[0]).toMatchObject({ matchedBy: "code" });
  });

  it("refuses a user without a subscription or without a licence", async () => {
    const unsubscribed = await currentUserOf(await insertUser({ subscribed: false }));
    const alone = await currentUserOf(await insertUser({ subscribed: true }));
    expect(
      await runAs(commands.correctMarginMatch, { lineId: 1, code: codes.drug }, unsubscribed),
    ).toMatchObject({
      ok: false,
      code: "subscription_required",
    });
    expect(await runAs(commands.correctMarginMatch, { lineId: 1, code: codes.drug }, alone)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
  });

  it("refuses a file that is not CSV or XLSX, and an upload without a good line", async () => {
    const { owner } = await organisation();
    await expect(readTable("prices.xlsx", new TextEncoder().encode("not a zip"))).rejects.toThrow(
      /could not be read/,
    );
    await expect(
      saveUpload(owner, "bad.csv", await csv("Product,Pack,Cost\nX,1,free"), mapping),
    ).rejects.toThrow(/Row 2: the cost "free"/);
  });
});
