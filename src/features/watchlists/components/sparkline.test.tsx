import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { Sparkline, sparklineLabel, sparklinePoints } from "./sparkline";

describe("the 12-month sparkline", () => {
  it("spans the box, lowest price at the bottom and highest at the top", () => {
    expect(sparklinePoints([100, 200, 150], 84, 24)).toBe("2,22 42,2 82,12");
  });

  it("draws a flat line in the middle, and one month as a point in the centre", () => {
    expect(sparklinePoints([120, 120], 84, 24)).toBe("2,12 82,12");
    expect(sparklinePoints([120], 84, 24)).toBe("42,12");
    expect(sparklinePoints([], 84, 24)).toBe("");
  });

  it("is named by its first and last price", () => {
    render(<Sparkline values={[120, 130, 150]} />);
    expect(screen.getByRole("img", { name: "3 months' prices, from £1.20 to £1.50" })).toBeTruthy();
  });

  it("says so when there are no prices", () => {
    expect(sparklineLabel([])).toBe("No prices in the last 12 months");
    expect(sparklineLabel([99])).toBe("One month's price: £0.99");
    render(<Sparkline values={[]} />);
    expect(screen.queryByRole("img")).toBeNull();
  });
});
