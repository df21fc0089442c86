import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { reimburse, type ReimbursementInput } from "../reimbursement";
import { EffectiveReimbursement } from "./effective-reimbursement";

const pack: Omit<ReimbursementInput, "edition" | "period" | "rates"> = {
  kind: "drug",
  category: "M",
  zeroDiscount: false,
  pricePence: 1000,
  concessionPence: null,
  packSize: 28,
  unit: "tablet",
};
const ew = new Map([["generic", 2000]]);
const ni = new Map([["generic", 1848]]);

describe("the effective reimbursement section", () => {
  it("shows the month in force step by step in each edition, then every month side by side", () => {
    render(
      <EffectiveReimbursement
        name="Amlodipine 5mg tablets"
        unit="tablet"
        months={[
          {
            period: "2026-08",
            coming: true,
            standing: { 1: "listed", 2: "not-published" },
            editions: { 1: reimburse({ ...pack, edition: 1, period: "2026-08", rates: ew }) },
          },
          {
            period: "2026-07",
            coming: false,
            standing: { 1: "listed", 2: "listed" },
            editions: {
              1: reimburse({ ...pack, edition: 1, period: "2026-07", rates: ew }),
              2: reimburse({ ...pack, edition: 2, period: "2026-07", rates: ni }),
            },
          },
          {
            period: "2026-06",
            coming: false,
            standing: { 1: "listed", 2: "not-listed" },
            editions: { 1: reimburse({ ...pack, edition: 1, period: "2026-06", rates: ew }) },
          },
          {
            period: "2026-05",
            coming: false,
            standing: { 1: "listed", 2: "not-published" },
            editions: { 1: reimburse({ ...pack, edition: 1, period: "2026-05", rates: ew }) },
          },
        ]}
      />,
    );
    const section = screen.getByRole("region", { name: "Effective reimbursement" });
    const [england, northernIreland] = within(section)
      .getAllByRole("listitem")
      .filter((item) => /^(England & Wales|Northern Ireland)/.test(item.textContent ?? ""));
    expect(
      within(england!).getByText(
        "Expected reimbursement: £8.00 per pack, 28.57p per tablet (28 in the pack).",
      ),
    ).toBeTruthy();
    expect(within(northernIreland!).getByText(/18\.48% in Northern Ireland in July 2026/)).toBeTruthy();

    const table = within(section).getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(5);
    // A month Northern Ireland has not published yet is never read as the pack delisted.
    expect(rows[1]!.textContent).toContain("August 2026 (from 1 August)");
    expect(within(rows[1]!).getByText("Not published yet")).toBeTruthy();
    expect(rows[2]!.textContent).toContain("£8.00");
    expect(rows[2]!.textContent).toContain("18.48% off £10.00");
    expect(within(rows[3]!).getByText("Not listed")).toBeTruthy();
    // An earlier month missing from the database is neither delisted nor still to come.
    expect(within(rows[4]!).getByText("No data loaded")).toBeTruthy();
  });

  it("says when no month lists the pack", () => {
    render(<EffectiveReimbursement name="Nothing" unit={null} months={[]} />);
    expect(screen.getByText("No month lists this pack.")).toBeTruthy();
  });
});
