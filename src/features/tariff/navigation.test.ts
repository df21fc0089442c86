import { describe, expect, it } from "vitest";

import { appNavigation } from "./navigation";

const titles = (country: 1 | 2) =>
  Object.fromEntries(
    appNavigation(country).groups.map((group) => [group.title, group.entries.map((entry) => entry.title)]),
  );

describe("the signed-in menu by edition (SPEC §2.3, §2.7)", () => {
  it("shows every part, list and insight for England & Wales", () => {
    expect(titles(1)).toEqual({
      "Drug Tariff Prices": [
        "Part VIIIA",
        "Part VIIIB",
        "Part VIIID",
        "Category M",
        "Part IX",
        "Borderline Substances (Part X)",
      ],
      "Reimbursement Info": [
        "Blacklisted Medicines",
        "Broken Bulk",
        "Dental Formulary",
        "Discontinued List",
        "Discount Not Deducted",
        "Nurse Formulary",
        "Special Container List",
      ],
      Insights: [
        "Additions & Deletions",
        "Part VIIIA Price Changes",
        "Category M Price Changes",
        "Category Changes",
      ],
    });
  });

  it("hides Reimbursement Info, Part VIIIB and Part VIIID for Northern Ireland and uses its labels", () => {
    const ni = titles(2);
    expect(Object.keys(ni)).toEqual(["Drug Tariff Prices", "Insights"]);
    expect(ni["Drug Tariff Prices"]).toEqual([
      "Part I",
      "Category M",
      "Part II & III",
      "Borderline Substances (Part X)",
      "Part XI",
      "Zero Discount List",
    ]);
    expect(ni.Insights).not.toContain("Category M Price Changes");
  });

  it("keeps the same five links for both editions", () => {
    expect(appNavigation(1).links).toEqual(appNavigation(2).links);
    expect(appNavigation(1).links.map((link) => link.title)).toEqual([
      "Branded Product Pricing",
      "Price Concessions",
      "Watchlists",
      "Help",
      "Blog",
    ]);
  });
});
