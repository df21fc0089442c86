import { beforeAll, describe, expect, it } from "vitest";

import { partViiiaPrices } from "@/db/schema";
import { runAs } from "@tests/fixtures/actions";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { insertDatasets } from "@tests/fixtures/tariff-rows";

import { marginOwnerOf } from "./access";
import * as commands from "./commands";
import { getUpload, saveUpload } from "./queries";
import { readTable } from "./read-upload";

/**
 * Which pack a line of a buying history is matched to (ADR 165): a code decides the pack; a name
 * decides the product and the pack size its pack, and a size the tariff does not list is said so
 * and not priced. A name matched below the confidence threshold waits apart, out of the totals,
 * until the licence confirms or corrects it.
 */
const database = setupTestDatabase();

const period = "2026-03-01";
/** The month's packs: [medicine, pack size, VMPP code, basic price in pence]. */
const packs: [string, number, string, number][] = [
  ["Aciclovir 400mg tablets", 28, "4000028", 14076],
  ["Aciclovir 400mg tablets", 56, "4000056", 260],
  ["Aciclovir 800mg dispersible tablets", 28, "8000028", 1500],
  ["Allopurinol 100mg tablets", 28, "1100028", 200],
  ["Allopurinol 100mg tablets", 30, "1100030", 900],
  ["Allopurinol 100mg tablets", 84, "1100084", 300],
  ["Alendronic acid 70mg tablets", 30, "7000030", 2000],
  ["Alendronic acid 70mg tablets", 100, "7000100", 400],
  ["Bisoprolol 10mg tablets", 28, "1010028", 71],
];

beforeAll(async () => {
  await insertDatasets(database.db, [[1, "viiia", period]]);
  await database.db.insert(partViiiaPrices).values(
    packs.map(([medicine, packSize, code, price]) => ({
      edition: 1,
      period,
      medicine,
      packSize,
      unitOfMeasure: "tablet",
      vmppSnomedCode: code,
      category: "M",
      basicPricePence: price,
    })),
  );
});

const mapping = { product: "Product", code: "Code", packSize: "Pack", cost: "Cost" };
const file = [
  "Product,Code,Pack,Cost",
  "Aciclovir 400mg tablets,,30,1.00",
  "Aciclovir 400mg tablets,,56,1.00",
  "Aciclovir 800mg dispersible tablets,,100,1.00",
  "Allopurinol 100mg tablets,,84,5.00",
  "Alendronic acid 70mg tablets,,100,0.50",
  "Aciclovir 400mg tablets,4000056,30,1.00",
  "Madeupolol 10mg tablets,,28,0.10",
].join("\n");

async function upload() {
  const { admin } = await insertOrganisation();
  const owner = marginOwnerOf(admin);
  const table = await readTable("history.csv", new TextEncoder().encode(file));
  const saved = await saveUpload(owner, "history.csv", table, mapping);
  return { admin, owner, result: (await getUpload(owner, saved.id))! };
}

describe("the margin check's pack matching", () => {
  it("takes the pack of the line's size, says when the tariff has none, and lets a code decide", async () => {
    const { result } = await upload();
    const [aciclovir30, aciclovir56, dispersible100, allopurinol84, alendronic100, byCode] = result.lines;

    expect(aciclovir30).toMatchObject({
      code: null,
      reimbursementPence: null,
      margin: null,
      note: "No 30-pack of Aciclovir 400mg tablets in the tariff: 28 and 56 are",
    });
    expect(aciclovir56).toMatchObject({ code: "4000056", matchedBy: "name", confidence: 95, note: null });
    expect(dispersible100).toMatchObject({
      code: null,
      reimbursementPence: null,
      note: "No 100-pack of Aciclovir 800mg dispersible tablets in the tariff: 28 is",
    });
    // Bought above the 84-pack's reimbursement (£3.00 less the deduction), which the 30-pack's £9.00 hid.
    expect(allopurinol84).toMatchObject({ code: "1100084", margin: { loss: true } });
    expect(alendronic100).toMatchObject({ code: "7000100" });
    expect(byCode).toMatchObject({
      code: "4000056",
      productCode: "4000056",
      matchedBy: "code",
      confidence: 100,
    });
  });

  it("sets a match below the confidence threshold apart, out of the totals, until it is confirmed", async () => {
    const { admin, owner, result } = await upload();
    const unsure = result.lines.find((line) => line.product === "Madeupolol 10mg tablets")!;
    expect(unsure).toMatchObject({ code: "1010028", needsChecking: true });
    expect(unsure.confidence).toBeLessThan(80);
    expect(result.lines.filter((line) => line.needsChecking)).toHaveLength(1);
    // The four lines priced by a pack of their size or code; not the line waiting to be checked.
    expect(result.totals).toMatchObject({ lines: 7, matched: 4, needsChecking: 1, losses: 1 });

    expect(await runAs(commands.confirmMarginMatch, { lineId: unsure.id }, admin)).toMatchObject({
      ok: true,
    });
    const confirmed = (await getUpload(owner, result.id))!;
    expect(confirmed.lines.find((line) => line.id === unsure.id)).toMatchObject({
      code: "1010028",
      matchedBy: "confirmed",
      confidence: 100,
      needsChecking: false,
    });
    expect(confirmed.totals).toMatchObject({ matched: 5, needsChecking: 0 });
  });

  it("corrects a line waiting to be checked to another pack, and confirms nothing that is not waiting", async () => {
    const { admin, owner, result } = await upload();
    const unsure = result.lines.find((line) => line.product === "Madeupolol 10mg tablets")!;
    expect(
      await runAs(commands.correctMarginMatch, { lineId: unsure.id, code: "1100028" }, admin),
    ).toMatchObject({ ok: true });
    const corrected = (await getUpload(owner, result.id))!;
    expect(corrected.lines.find((line) => line.id === unsure.id)).toMatchObject({
      code: "1100028",
      matchedBy: "correction",
      needsChecking: false,
    });
    const sure = result.lines.find((line) => line.code === "7000100")!;
    expect(await runAs(commands.confirmMarginMatch, { lineId: sure.id }, admin)).toMatchObject({
      ok: false,
      code: "validation",
    });
  });
});
