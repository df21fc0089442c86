import { describe, expect, it } from "vitest";

import { figureThisMonth } from "./figures";

describe("figureThisMonth", () => {
  const figure = (perPackPence: number | null) =>
    ({
      perPackPence,
      pricePence: 1000,
      concessionPence: null,
      rateBp: perPackPence === null ? null : 2000,
    }) as never;
  const months = [
    { period: "2025-07", editions: { 2: figure(900) } },
    { period: "2025-06", editions: { 1: figure(800), 2: figure(850) } },
  ];

  it("is the newest month the edition lists, with its explanation", () => {
    expect(figureThisMonth(months, 2)).toEqual({
      perPack: 900,
      explanation: "20% off £10.00",
      period: "2025-07",
    });
    expect(figureThisMonth(months, 1)).toMatchObject({ perPack: 800, period: "2025-06" });
  });

  it("is nothing when the edition lists the pack in no month", () => {
    expect(figureThisMonth([months[0]!], 1)).toBeNull();
    expect(figureThisMonth([], 1)).toBeNull();
  });
});
