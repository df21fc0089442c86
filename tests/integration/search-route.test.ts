import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as meRoute } from "@/app/api/me/route";
import { GET as searchRoute } from "@/app/api/search/route";
import {
  concessions,
  imports,
  partIxPrices,
  partViiiaPrices,
  profiles,
  rateLimits,
  tariffDatasets,
} from "@/db/schema";
import { searchRateRule } from "@/features/search/access";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { listRows } from "@/features/tariff/queries";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/** The global search: who may search, what a term may be, and which pack comes first. */
const database = setupTestDatabase();
const origin = "http://localhost:3000";
const period = "2026-03-01";

type Section = {
  part: string;
  title: string;
  total: number;
  results: {
    name: string;
    pack: string | null;
    code: string | null;
    href: string;
    concessionPence: number | null;
  }[];
};

const vmpp = {
  paracetamol32: "1003011000001107",
  paracetamol100: "1003211000001100",
  amoxicillin500: "1296211000001106",
  amoxicillin250: "1296111000001100",
};

const drug = (medicine: string, packSize: number, vmppSnomedCode: string, basicPricePence: number) => ({
  edition: 1,
  period,
  medicine,
  packSize,
  unitOfMeasure: "tablet",
  category: "A",
  vmppSnomedCode,
  basicPricePence,
  discountRateBp: 2000,
  netPricePence: Math.round(basicPricePence * 0.8),
});

let subscriber: TestUser;

beforeAll(async () => {
  const db = database.db;
  const [load] = await db
    .insert(imports)
    .values({ actor: "test", fileName: "search.csv", outcome: "imported" })
    .returning({ id: imports.id });
  await db.insert(tariffDatasets).values(
    (["viiia", "ix", "concessions"] as const).map((part) => ({
      edition: 1,
      part,
      period,
      contentSha256: `search-${part}`,
      rows: 1,
      importId: load!.id,
    })),
  );
  await db
    .insert(partViiiaPrices)
    .values([
      drug("Paracetamol 500mg tablets", 32, vmpp.paracetamol32, 95),
      drug("Paracetamol 500mg tablets", 100, vmpp.paracetamol100, 300),
      drug("Co-codamol 8mg/500mg tablets", 32, "1010111000001100", 120),
      drug("Amoxicillin 250mg capsules", 21, vmpp.amoxicillin250, 110),
      drug("Amoxicillin 500mg capsules", 21, vmpp.amoxicillin500, 160),
      drug("Almus amoxicillin 500mg capsules", 21, "1296311000001101", 170),
      drug("Flucloxacillin 500mg capsules", 28, "1306011000001101", 400),
      drug("Amlodipine 5mg tablets", 28, "1000001", 90),
    ]);
  await db.insert(concessions).values({
    edition: 1,
    period,
    drug: "Amoxicillin 500mg capsules",
    packSize: "21",
    pricePence: 250,
    vmppSnomedCode: vmpp.amoxicillin500,
  });
  const lancets = ["Accu-Chek Safe-T-Pro Plus lancets", "FastClix lancets", "Unistik 3 Comfort lancets"];
  await db.insert(partIxPrices).values(
    lancets.map((ampName, index) => ({
      edition: 1,
      period,
      part: "IXA",
      ampName,
      vmpName: "Lancets sterile single-use",
      quantity: 200,
      quantityUnitOfMeasure: "lancet",
      pricePence: 800 + index,
      packSnomedCode: `380000${index}`,
      gtin: `501234567890${index}`,
    })),
  );
  subscriber = await insertUser({ subscribed: true });
});
beforeEach(() => clearDataVersionCache());

function search(query: string) {
  return searchRoute(new Request(`${origin}/api/search?${query}`), undefined);
}

async function sections(query: string): Promise<Section[]> {
  const response = await search(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { sections: Section[] }).sections;
}

async function names(q: string, part = "viiia"): Promise<string[]> {
  const [section] = await sections(`q=${encodeURIComponent(q)}&parts=${part}`);
  return section!.results.map((result) => `${result.name} ${result.pack ?? ""}`.trim());
}

describe("GET /api/search: who may ask, and how much", () => {
  it("refuses a visitor without a session (401) and a user without a subscription (402)", async () => {
    await actAs(null);
    expect((await search("q=paracetamol")).status).toBe(401);
    expect((await meRoute(new Request(`${origin}/api/me`), undefined)).status).toBe(401);
    await actAs(await insertUser({ subscribed: false }));
    const unsubscribed = await search("q=paracetamol");
    expect(unsubscribed.status).toBe(402);
    expect(await unsubscribed.text()).not.toContain("Paracetamol");
    expect((await meRoute(new Request(`${origin}/api/me`), undefined)).status).toBe(402);
  });

  it("refuses a term over 100 characters or under 2, saying why", async () => {
    await actAs(subscriber);
    const long = await search(`q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: { code: "validation", message: "Search for at most 100 characters." },
    });
    expect((await search(`q=${"a".repeat(100)}`)).status).toBe(200);
    expect((await search("q=a")).status).toBe(400);
    expect((await search("q=amox&month=March")).status).toBe(400);
  });

  it("limits each user's searches, without holding back other users", async () => {
    expect(searchRateRule).toEqual({ max: 120, windowSeconds: 60 });
    const busy = await insertUser({ subscribed: true });
    await database.db.insert(rateLimits).values({
      key: `search:user:${busy.id}`,
      count: searchRateRule.max - 1,
      windowStartedAt: new Date(),
    });
    await actAs(busy);
    expect((await search("q=amox")).status).toBe(200);
    const refused = await search("q=amox");
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toContain("Too many searches");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await actAs(subscriber);
    expect((await search("q=amox")).status).toBe(200);
  });
});

describe("GET /api/search: what it answers", () => {
  it("answers a section per part with its title, total, first results and their links", async () => {
    await actAs(subscriber);
    const all = await sections("q=amoxicillin%20500");
    expect(all.map((section) => section.part)).toEqual([
      "viiia",
      "viiib",
      "viiid",
      "catm",
      "ix",
      "acbs",
      "brands",
      "concessions",
    ]);
    const viiia = all.find((section) => section.part === "viiia")!;
    // The two names holding both words at word starts; no near spelling (Flucloxacillin 500mg) beside them.
    expect(viiia).toMatchObject({ title: "Part VIIIA", total: 2 });
    expect(viiia.results.map((result) => result.name)).toEqual([
      "Amoxicillin 500mg capsules",
      "Almus amoxicillin 500mg capsules",
    ]);
    expect(viiia.results[0]).toEqual({
      name: "Amoxicillin 500mg capsules",
      pack: "21 tablet",
      category: "Category A",
      code: vmpp.amoxicillin500,
      href: `/drug-info/${vmpp.amoxicillin500}`,
      pricePence: 160,
      // The concession replaces the basic price and carries no deduction (docs/product.md §3.2).
      netPricePence: 250,
      concessionPence: 250,
    });
    expect(all.find((section) => section.part === "concessions")).toMatchObject({ total: 1 });
    expect(all.find((section) => section.part === "ix")).toMatchObject({ total: 0, results: [] });
    expect((await sections("q=lancets&parts=ix,concessions")).map((s) => [s.part, s.total])).toEqual([
      ["ix", 3],
      ["concessions", 0],
    ]);
  });

  it("ranks names starting with the term before names with the words later on", async () => {
    await actAs(subscriber);
    expect(await names("amox")).toEqual([
      "Amoxicillin 250mg capsules 21 tablet",
      "Amoxicillin 500mg capsules 21 tablet",
      "Almus amoxicillin 500mg capsules 21 tablet",
    ]);
    expect((await names("amox 500"))[0]).toBe("Amoxicillin 500mg capsules 21 tablet");
    expect((await names("AMLÒ"))[0]).toBe("Amlodipine 5mg tablets 28 tablet");
  });

  it("finds a misspelt or variant name", async () => {
    await actAs(subscriber);
    expect((await names("paracetemol"))[0]).toBe("Paracetamol 500mg tablets 32 tablet");
    expect((await names("amoxycillin"))[0]).toMatch(/^Amoxicillin/);
    // One wrong letter in the middle of a name shorter than 11 letters: missed at pg_trgm's default threshold.
    expect((await names("amlodipene"))[0]).toBe("Amlodipine 5mg tablets 28 tablet");
    expect((await names("flucloxacilin"))[0]).toMatch(/^Flucloxacillin/);
    expect(await names("zzzzqqq")).toEqual([]);
  });

  it("puts the pack whose code is the term first: a VMPP, a Part IX pack code, a GTIN", async () => {
    await actAs(subscriber);
    const [viiia] = await sections(`q=${vmpp.paracetamol100}&parts=viiia`);
    expect(viiia!.results[0]).toMatchObject({ code: vmpp.paracetamol100, pack: "100 tablet" });
    const [ix] = await sections("q=3800001&parts=ix");
    expect(ix!.results.map((result) => result.name)).toEqual(["FastClix lancets"]);
    const [byGtin] = await sections("q=5012345678902&parts=ix");
    expect(byGtin!.results.map((result) => result.name)).toEqual(["Unistik 3 Comfort lancets"]);
  });

  it("shows the same first rows as the part's page with the same searchTerm", async () => {
    await actAs(subscriber);
    for (const q of ["amox", "paracetemol", "moxicillin", "amoxicillin 500", vmpp.amoxicillin250]) {
      const [section] = await sections(`q=${q}&parts=viiia`);
      const page = await listRows("partviiia", 1, period, { searchTerm: q });
      expect(section!.results.map((result) => result.code)).toEqual(
        page.slice(0, 5).map((row) => row.vmppSnomedCode),
      );
      expect(section!.total).toBe(page.length);
    }
  });

  it("searches only the parts of the user's edition", async () => {
    const ni = await insertUser({ subscribed: true });
    await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, ni.id));
    await actAs(ni);
    const parts = (await sections("q=amox&parts=viiia,viiib,viiid,ix")).map((s) => [s.part, s.title]);
    expect(parts).toEqual([
      ["viiia", "Part I"],
      ["ix", "Part II & III"],
    ]);
  });

  it("keeps an answer until the data changes, and never gives one edition's answer to the other", async () => {
    await actAs(subscriber);
    expect(await names("fluclox")).toEqual(["Flucloxacillin 500mg capsules 28 tablet"]);
    // Rows written without an import leave the data version as it was: the kept answer stands.
    await database.db
      .insert(partViiiaPrices)
      .values(drug("Flucloxacillin 250mg capsules", 28, "1306111000001100", 200));
    expect(await names("fluclox")).toEqual(["Flucloxacillin 500mg capsules 28 tablet"]);
    // An import gives the data a new version, and the same search reads the month again.
    const [load] = await database.db
      .insert(imports)
      .values({ actor: "test", fileName: "viiib.csv", outcome: "imported" })
      .returning({ id: imports.id });
    await database.db.insert(tariffDatasets).values({
      edition: 1,
      part: "viiib",
      period,
      contentSha256: "search-viiib",
      rows: 0,
      importId: load!.id,
    });
    expect(await names("fluclox")).toEqual([
      "Flucloxacillin 250mg capsules 28 tablet",
      "Flucloxacillin 500mg capsules 28 tablet",
    ]);
    // The same question from Northern Ireland, whose edition has no such rows, is its own.
    const ni = await insertUser({ subscribed: true });
    await database.db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, ni.id));
    await actAs(ni);
    expect(await names("fluclox")).toEqual([]);
  });
});

describe("GET /api/me", () => {
  it("answers the subscriber's id and edition, and nothing else", async () => {
    await actAs(subscriber);
    const response = await meRoute(new Request(`${origin}/api/me`), undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: subscriber.id, edition: "ew" });
  });
});
