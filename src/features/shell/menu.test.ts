import { describe, expect, it } from "vitest";

import type { Edition } from "@/lib/tariff-vocabulary";

import { appNavigation, menuPageOf } from "./menu";

const titles = (edition: Edition) =>
  Object.fromEntries(
    appNavigation(edition).groups.map((group) => [group.title, group.entries.map((entry) => entry.title)]),
  );

describe("the signed-in menu by edition (product §2.3, §2.7)", () => {
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

  it("keeps the same eight links for both editions", () => {
    expect(appNavigation(1).links).toEqual(appNavigation(2).links);
    expect(appNavigation(1).links.map((link) => link.title)).toEqual([
      "Branded Product Pricing",
      "Price Concessions",
      "Compare Editions",
      "Margin Check",
      "Changes",
      "Watchlists",
      "Help",
      "Blog",
    ]);
  });
});

describe("the page a product was opened from (menuPageOf)", () => {
  it("names the list in the user's edition and keeps its filters", () => {
    const from = "/drug-tariff-parts/partviiia?month=2026-11&searchTerm=venlafaxine";
    expect(menuPageOf(from, 1)).toEqual({ href: from, title: "Part VIIIA" });
    expect(menuPageOf(from, 2)).toEqual({ href: from, title: "Part I" });
    expect(menuPageOf("/insights/price-changes-partviiia?month=2026-10", 1)).toEqual({
      href: "/insights/price-changes-partviiia?month=2026-10",
      title: "Part VIIIA Price Changes",
    });
    expect(menuPageOf("/brands", 1)).toEqual({ href: "/brands", title: "Branded Product Pricing" });
  });

  it("leads nowhere for another site, a page outside the menu, or nothing", () => {
    for (const from of [
      "https://evil.example/drug-tariff-parts/partviiia",
      "//evil.example/drug-tariff-parts/partviiia",
      "/\\evil.example/drug-tariff-parts/partviiia",
      "/account-management/dashboard",
      "/drug-tariff-parts/partviiib-specials",
      "",
      undefined,
      ["/brands", "/brands"],
    ])
      expect(
        menuPageOf(from, from === "/drug-tariff-parts/partviiib-specials" ? 2 : 1),
        String(from),
      ).toBeNull();
  });
});
