import { describe, expect, it } from "vitest";

import type { DataRow } from "@/components/data-table/format";
import { madeFrom } from "@tests/fixtures/shown-rows";

import { listIds, listMadeValues, lists, type ListId } from ".";

const made = (id: ListId, row: DataRow) => madeFrom(id, "2026-01-01", row);

describe("what a list's table makes from its rows", () => {
  it("links a Part VIIIA pack to its page and explains its net price, on the concession where one is granted", () => {
    const row = { vmppSnomedCode: "1034611000001106", basicPrice: 1200, discountRate: 20, netPrice: 960 };
    expect(made("partviiia", { ...row, concessionPrice: null })).toEqual({
      href: "/drug-info/1034611000001106",
      netHint: "20.00% discount deducted from the January 2026 basic price: £9.60",
    });
    expect(
      made("partviiia", { ...row, concessionPrice: 1500, discountRate: 0, netPrice: 1500 }).netHint,
    ).toBe("The concession of £15.00 replaces the basic price this month, with no discount deducted: £15.00");
    expect(
      made("partviiia", { ...row, concessionPrice: null, discountRate: 0, netPrice: 1200 }).netHint,
    ).toBe("No discount deducted from the January 2026 basic price: £12.00");
  });

  it("gives no link or explanation where the row has nothing to make it from", () => {
    expect(
      made("partviiia", { vmppSnomedCode: null, basicPrice: null, discountRate: null, netPrice: null }),
    ).toEqual({ href: null, netHint: null });
  });

  it("links a Part IX appliance by its pack's code, or its product's where the pack has none", () => {
    expect(made("partix", { packSnomedCode: "3001", productSnomedCode: "2001" }).href).toBe(
      "/appliance-info/3001",
    );
    expect(made("partix", { packSnomedCode: null, productSnomedCode: "2001" }).href).toBe(
      "/appliance-info/2001",
    );
    expect(made("partix", { packSnomedCode: null }).href).toBeNull();
  });

  it("names a branded pack's net price basis by its price date, where it has one", () => {
    const row = { amppSnomedCode: "4001", discountRate: 5, netPrice: 9500 };
    expect(made("brands", { ...row, priceDate: "2025-03-12" })).toEqual({
      href: "/brand-info/4001",
      netHint: "5.00% discount deducted from the NHS indicative price of 12 Mar 2025: £95.00",
    });
    expect(made("brands", { ...row, priceDate: null }).netHint).toBe(
      "5.00% discount deducted from the NHS indicative price: £95.00",
    );
  });

  it("names Category M's basis as the release in force, and each monthly part's as its month", () => {
    const row = { discountRate: 20, netPrice: 100 };
    expect(made("catm", row).netHint).toContain("from the Category M price from January 2026");
    expect(made("partix", row).netHint).toContain("from the January 2026 price");
    expect(made("partviiid", row).netHint).toContain("from the January 2026 basic price");
  });

  it("makes every link and explanation a list's columns name, except the rows that carry their own", () => {
    // The Zero Discount List links a branded or a generic pack's page: its rows say which.
    const rowsCarry: Record<string, string[]> = { "zero-discount": ["href"] };
    for (const id of listIds) {
      const keys = lists[id].columns.flatMap((column) => [column.hrefKey, column.hintKey]).filter(Boolean);
      const makes = Object.keys(listMadeValues(id, "2026-01-01"));
      expect([...makes, ...(rowsCarry[id] ?? [])].sort(), id).toEqual([...new Set(keys)].sort());
    }
  });
});
