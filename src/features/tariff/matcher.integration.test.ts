import { beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

import { partViiiaPrices } from "@/db/schema";

import { listRows } from "./queries";

/**
 * Which packs a search puts first when names share words: a full name finds its own packs ahead of
 * names that only hold its words (a longer form of the same medicine, a decimal strength).
 */
const database = setupTestDatabase();
const period = "2026-03-01";

const packs = (medicine: string, sizes: number[]) =>
  sizes.map((packSize, index) => ({
    edition: 1,
    period,
    medicine,
    packSize,
    unitOfMeasure: "tablet",
    category: "A",
    vmppSnomedCode: `${medicine.length}${packSize}${index}`,
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
      "Oxybutynin 2.5mg tablets 28",
      "Oxybutynin 2.5mg tablets 56",
      "Oxybutynin 2.5mg tablets 84",
    ]);
    // A shortened name: every word a word prefix, and 5mg is not a word of 2.5mg.
    expect((await firstFive("oxybut 5mg")).slice(0, 2)).toEqual([
      "Oxybutynin 5mg tablets 30",
      "Oxybutynin 5mg tablets 60",
    ]);
  });
});
