import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { PricePoint } from "../product-queries";
import { PriceHistoryChart } from "./price-history-chart";

const point = (period: string, england: number | null, northernIreland: number | null): PricePoint => ({
  period,
  englandPence: england,
  northernIrelandPence: northernIreland,
  concessionPence: null,
});

function keyLines() {
  const key = screen.getByRole("list", { name: "Key" });
  return within(key)
    .getAllByRole("listitem")
    .map((item) => {
      const line = item.querySelector("[data-key-line]")!;
      return {
        name: item.textContent,
        style: `${line.getAttribute("stroke-width")}|${line.getAttribute("stroke-dasharray") ?? "solid"}`,
      };
    });
}

describe("PriceHistoryChart", () => {
  it("tells the two editions apart by a key that draws each line's own style, and says when they coincide", () => {
    render(
      <PriceHistoryChart
        name="Bumetanide 1mg tablets"
        points={[
          point("2026-09", 13908, 13908),
          point("2026-10", 13908, 13908),
          point("2026-11", 12000, 12000),
        ]}
      />,
    );
    const lines = keyLines();
    expect(lines.map((line) => line.name)).toEqual([
      "Tariff price, England & Wales",
      "Tariff price, Northern Ireland",
    ]);
    expect(lines[0]!.style).not.toBe(lines[1]!.style);
    expect(screen.getByText(/same price in every month both list it/)).toBeInTheDocument();
  });

  it("says nothing of coinciding when the editions' prices differ", () => {
    render(
      <PriceHistoryChart
        name="Pack"
        points={[point("2026-10", 13908, 14424), point("2026-11", 13908, 13908)]}
      />,
    );
    expect(screen.queryByText(/same price in every month/)).not.toBeInTheDocument();
  });

  it("keeps a month that was not imported on the axis, as a gap", () => {
    render(
      <PriceHistoryChart name="Pack" points={[point("2026-08", 100, null), point("2026-11", 120, null)]} />,
    );
    const rows = within(screen.getByRole("region", { name: /data$/ }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Aug 2026£1.00",
      "Sep 2026—",
      "Oct 2026—",
      "Nov 2026£1.20",
    ]);
  });
});
