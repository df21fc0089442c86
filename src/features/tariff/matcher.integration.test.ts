import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

import { partViiiaPrices } from "@/db/schema";

import { listRows, listTermMatch } from "./queries";

/**
 * Which packs a list's search keeps and which it puts first: the words of the term at word starts,
 * near matches only when nothing matches so; and, when names share words, a full name's own packs
 * ahead of names that only hold its words (a longer form of the same medicine).
 */
const database = setupTestDatabase();
const period = "2026-03-01";

let codes = 1000;
const packs = (medicine: string, sizes: number[], category = "A") =>
  sizes.map((packSize) => ({
    edition: 1,
    period,
    medicine,
    packSize,
    unitOfMeasure: "tablet",
    category,
    vmppSnomedCode: String(codes++),
    basicPricePence: 100 + packSize,
  }));

beforeAll(async () => {
  await database.db
    .insert(partViiiaPrices)
    .values([
      ...packs("Oxybutynin 2.5mg tablets", [28, 56, 84, 100, 112, 200]),
      ...packs("Oxybutynin 5mg tablets", [30, 60]),
      ...packs("Quetiapine 25mg modified-release tablets", [30, 60, 90, 120, 180]),
      ...packs("Quetiapine 25mg tablets", [28, 56, 84]),
      ...packs("Quetiapine 250mg tablets", [60]),
      ...packs("Aciclovir 200mg dispersible tablets", [25]),
      ...packs("Aciclovir 200mg tablets", [25]),
      ...packs("Aciclovir 400mg dispersible tablets", [56]),
      ...packs("Aciclovir 800mg tablets", [35]),
      ...packs("Valaciclovir 500mg tablets", [10]),
      ...packs("Amoxicillin 500mg capsules", [15, 21]),
      ...packs("Co-amoxiclav 500mg/125mg tablets", [21]),
      ...packs("Tamoxifen 20mg tablets", [30], "C"),
      ...packs("Phenoxymethylpenicillin 250mg tablets", [28]),
      ...packs("Adrenaline (base) 100micrograms/1ml (1 in 10,000) solution for injection", [10]),
    ]);
});

const firstFive = async (searchTerm: string) =>
  (await listRows("partviiia", 1, period, { searchTerm }))
    .slice(0, 5)
    .map((row) => `${row.medicine} ${row.packSize}`);

describe("ranking names that share the term's words", () => {
  it("puts the name that starts with the whole term before longer forms of it", async () => {
    expect(await firstFive("quetiapine 25mg tablets")).toEqual([
      "Quetiapine 25mg tablets 28",
      "Quetiapine 25mg tablets 56",
      "Quetiapine 25mg tablets 84",
      "Quetiapine 25mg modified-release tablets 30",
      "Quetiapine 25mg modified-release tablets 60",
    ]);
  });

  it("does not read the digits after a decimal point as the start of a strength", async () => {
    expect(await firstFive("oxybutynin 5mg tablets")).toEqual([
      "Oxybutynin 5mg tablets 30",
      "Oxybutynin 5mg tablets 60",
    ]);
    // A shortened name: every word a word prefix, and 5mg is not a word of 2.5mg.
    expect((await firstFive("oxybut 5mg")).slice(0, 2)).toEqual([
      "Oxybutynin 5mg tablets 30",
      "Oxybutynin 5mg tablets 60",
    ]);
  });
});

const names = async (searchTerm: string, category?: string) => [
  ...new Set(
    (await listRows("partviiia", 1, period, { searchTerm, filters: { category } })).map(
      (row) => row.medicine,
    ),
  ),
];
const termMatch = (searchTerm: string, category?: string) =>
  listTermMatch("partviiia", 1, period, { searchTerm, filters: { category } });

describe("a list's search keeps the rows whose names hold the term's words at word starts", () => {
  it("matches a word's start, not its middle: `amox` is not in Tamoxifen", async () => {
    expect(await names("amox")).toEqual(["Amoxicillin 500mg capsules", "Co-amoxiclav 500mg/125mg tablets"]);
    expect(await termMatch("amox")).toBe("exact");
  });

  it("keeps near spellings out when the name itself is there", async () => {
    expect(await names("amoxicillin")).toEqual(["Amoxicillin 500mg capsules"]);
    expect(await names("aciclovir")).not.toContain("Valaciclovir 500mg tablets");
  });

  it("needs every word of a longer term, each at a word start", async () => {
    expect(await names("aciclovir 200mg dispersible tablets")).toEqual([
      "Aciclovir 200mg dispersible tablets",
    ]);
    expect(await names("acic 200 disp")).toEqual(["Aciclovir 200mg dispersible tablets"]);
    expect(await names("aciclovir 200mg tablets")).toEqual([
      "Aciclovir 200mg tablets",
      "Aciclovir 200mg dispersible tablets",
    ]);
    expect(await names("(1 in 10,000)")).toEqual([
      "Adrenaline (base) 100micrograms/1ml (1 in 10,000) solution for injection",
    ]);
  });

  it("finds a pack by its code exactly", async () => {
    const [pack] = await listRows("partviiia", 1, period, { searchTerm: "Tamoxifen" });
    expect(await listRows("partviiia", 1, period, { searchTerm: pack!.vmppSnomedCode as string })).toEqual([
      pack,
    ]);
    expect(await termMatch(pack!.vmppSnomedCode as string)).toBe("exact");
  });

  it("falls back to a word's middle and to near spellings only when nothing matches at a word start", async () => {
    expect((await names("amoxicilin"))[0]).toBe("Amoxicillin 500mg capsules");
    expect(await termMatch("amoxicilin")).toBe("near");
    expect((await names("moxicillin"))[0]).toBe("Amoxicillin 500mg capsules");
    expect(await termMatch("moxicillin")).toBe("near");
    expect(await names("zzzqqq")).toEqual([]);
    expect(await termMatch("zzzqqq")).toBe("none");
    expect(await termMatch("")).toBeNull();
  });

  it("decides within the drop-downs' choice, as the rows shown are", async () => {
    // Category C has no name with a word starting `amox`: its near match is shown, and said to be.
    expect(await names("amox", "C")).toEqual(["Tamoxifen 20mg tablets"]);
    expect(await termMatch("amox", "C")).toBe("near");
    expect(await names("amox", "A")).toEqual([
      "Amoxicillin 500mg capsules",
      "Co-amoxiclav 500mg/125mg tablets",
    ]);
  });
});
