import { describe, expect, it } from "vitest";

import type { Edition } from "@/lib/tariff-vocabulary";

import { exportFileName, insightPages, insightPart, toDataRow } from "./insight-pages";
import type { ChangeRow } from "./sources";

describe("Additions & Deletions by part", () => {
  it("offers England & Wales four parts and Northern Ireland its two, with their own names", () => {
    const labels = (edition: Edition) =>
      insightPages["additions-deletions"].filters({}, edition)[0]!.options.map((option) => option.label);
    expect(labels(1)).toEqual(["Part VIIIA", "Part VIIIB", "Part VIIID", "Part IX"]);
    expect(labels(2)).toEqual(["Part I", "Part II & III"]);
    expect(insightPages["additions-deletions"].filters({ part: "ix" }, 1)[0]).toMatchObject({
      name: "part",
      value: "ix",
      required: true,
    });
  });

  it("reads the URL's part only when the edition offers it", () => {
    expect(insightPart("additions-deletions", 1, { part: "viiid" })).toBe("viiid");
    expect(insightPart("additions-deletions", 2, { part: "viiid" })).toBe("viiia");
    expect(insightPart("additions-deletions", 1, { part: "'; drop table" })).toBe("viiia");
    expect(insightPart("price-changes-catm", 1, { part: "ix" })).toBe("cat-m");
  });

  it("links appliances to their appliance page and names the part in the CSV file", () => {
    const row = { change: "addition", code: "2000004", name: "Acme Gauze small" } as ChangeRow;
    expect(toDataRow(row, "ix").href).toBe("/appliance-info/2000004");
    expect(toDataRow(row, "viiib").href).toBe("/drug-info/2000004");
    expect(exportFileName("additions-deletions", 1, "2026-03", "ix")).toBe(
      "additions-deletions-ix-ew-2026-03.csv",
    );
    expect(exportFileName("price-changes-viiia", 2, "2026-03", "viiia")).toBe(
      "part-viiia-price-changes-ni-2026-03.csv",
    );
  });
});
