import { describe, expect, it } from "vitest";

import type { ReimbursementMonth } from "@/features/tariff/pack-months";

import { figureThisMonth } from "./figures";

describe("figureThisMonth", () => {
  const figure = (perPackPence: number | null) =>
    ({
      perPackPence,
      pricePence: 1000,
      concessionPence: null,
      rateBp: perPackPence === null ? null : 2000,
    }) as never;
  const month = (
    period: string,
    editions: ReimbursementMonth["editions"],
    standing: ReimbursementMonth["standing"],
    coming = false,
  ): ReimbursementMonth => ({ period, coming, editions, standing });
  const months = [
    month("2025-08", { 1: figure(700) }, { 1: "listed", 2: "not-published" }, true),
    month("2025-07", { 2: figure(900) }, { 1: "not-published", 2: "listed" }),
    month("2025-06", { 1: figure(800), 2: figure(850) }, { 1: "listed", 2: "listed" }),
  ];

  it("is the month in force, or the latest the edition published before it, never a month published ahead", () => {
    expect(figureThisMonth(months, 2)).toEqual({
      perPack: 900,
      explanation: "20% off £10.00",
      period: "2025-07",
    });
    expect(figureThisMonth(months, 1)).toMatchObject({ perPack: 800, period: "2025-06" });
  });

  it("is nothing when the edition does not list the pack in the month in force", () => {
    expect(figureThisMonth([month("2025-07", {}, { 1: "not-listed", 2: "listed" })], 1)).toBeNull();
    expect(figureThisMonth([], 1)).toBeNull();
  });
});
