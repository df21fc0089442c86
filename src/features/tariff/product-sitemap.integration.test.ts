import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";
import { codes, insertSampleTariff } from "@tests/fixtures/tariff-rows";

import { productSitemapPages, productSitemaps } from "./product-sitemap";

/** Search engines find the public product pages through a sitemap index listed in robots.txt. */
const database = setupTestDatabase();
beforeAll(async () => {
  await insertSampleTariff(database.db);
});

describe("the product sitemaps", () => {
  it("index one sitemap per kind of product page, dated by the latest month in it", async () => {
    expect(await productSitemaps()).toEqual([
      { file: "drug-info-1.xml", lastPeriod: "2026-03-01" },
      { file: "appliance-info-1.xml", lastPeriod: "2026-01-01" },
      { file: "brand-info-1.xml", lastPeriod: "2026-03-01" },
    ]);
  });

  it("list every pack any imported month listed, with the last month that listed it", async () => {
    const drugs = await productSitemapPages("drug-info-1.xml");
    expect(drugs).toContainEqual({ path: `/drug-info/${codes.drug}`, lastPeriod: "2026-03-01" });
    expect(drugs).toContainEqual({ path: `/drug-info/${codes.added}`, lastPeriod: "2026-02-01" });
    expect(await productSitemapPages("appliance-info-1.xml")).toContainEqual({
      path: `/appliance-info/${codes.appliancePack}`,
      lastPeriod: "2026-01-01",
    });
    expect(await productSitemapPages("brand-info-1.xml")).toEqual([
      { path: `/brand-info/${codes.brand}`, lastPeriod: "2026-03-01" },
    ]);
  });

  it("know no other file names", async () => {
    for (const file of [
      "drug-info-2.xml",
      "drug-info-0.xml",
      "drug-info.xml",
      "blog-1.xml",
      "../drug-info-1.xml",
    ]) {
      expect(await productSitemapPages(file), file).toBeNull();
    }
  });
});
