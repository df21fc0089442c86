import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import { getProductDetail } from "./product-queries";

const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

describe("a Part VIIIA pack's public page", () => {
  it("names the pack from its latest England & Wales line", async () => {
    const product = await getProductDetail("drug", codes.drug);
    expect(product).toMatchObject({
      kind: "drug",
      code: codes.drug,
      name: "Amlodipine 5mg tablets",
      packSize: 28,
      unit: "tablet",
      category: "A",
      facts: [{ label: "VMP code", value: "900001" }],
    });
  });

  it("has one point per imported month, a gap where the pack was not listed, and concessions overlaid", async () => {
    const product = await getProductDetail("drug", codes.drug);
    expect(product!.history).toEqual([
      { period: "2026-01", englandPence: 100, northernIrelandPence: null, concessionPence: null },
      { period: "2026-02", englandPence: null, northernIrelandPence: 120, concessionPence: null },
      { period: "2026-03", englandPence: 150, northernIrelandPence: null, concessionPence: 300 },
    ]);
    expect(product!.concessions).toEqual([
      { period: "2026-03", pricePence: 300, tariffPricePence: 150, upliftPence: 150, netPricePence: null },
    ]);
  });

  it("is missing for an unknown code or anything that is not a code", async () => {
    expect(await getProductDetail("drug", "1999999")).toBeNull();
    expect(await getProductDetail("drug", "1000001' or '1'='1")).toBeNull();
    // A brand's code is not a Part VIIIA pack.
    expect(await getProductDetail("drug", codes.brand)).toBeNull();
  });
});

describe("a Part IX appliance's public page", () => {
  it("is found by its pack code", async () => {
    const product = await getProductDetail("appliance", codes.appliancePack);
    expect(product).toMatchObject({
      name: "Acme Foam 10cm",
      packSize: 10,
      unit: "dressing",
      category: "IXA",
    });
    expect(product!.facts).toContainEqual({ label: "Supplier", value: "Acme Medical" });
    expect(product!.concessions).toEqual([]);
  });

  it("falls back to the product code, showing its first pack", async () => {
    const product = await getProductDetail("appliance", codes.applianceProduct);
    expect(product).toMatchObject({ name: "Acme Gauze small", history: [{ englandPence: 400 }] });
  });
});

describe("a branded pack's public page", () => {
  it("shows the NHS indicative price and links to its generic pack", async () => {
    const product = await getProductDetail("brand", codes.brand);
    expect(product).toMatchObject({
      name: "Istin 5mg tablets (Pfizer) 28 tablet",
      category: "A",
      history: [{ period: "2026-03", englandPence: 1120 }],
    });
    expect(product!.facts).toContainEqual({
      label: "Generic pack",
      value: "Amlodipine 5mg tablets 28 tablet",
      href: `/drug-info/${codes.drug}`,
    });
  });
});
