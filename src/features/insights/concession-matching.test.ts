import { describe, expect, it } from "vitest";

import { matchKey, normaliseMedicineName } from "./concession-matching";

describe("matching concession lines to Part VIIIA packs", () => {
  it.each([
    ["Amlodipine 5mg tablets (new)", "Amlodipine 5mg tablets"],
    ["*Levothyroxine 25mcg tablets", "Levothyroxine 25microgram tablets"],
    ["Clonazepam 0.5mg tablets", "Clonazepam 500microgram tablets"],
    ["Digoxin 0.125mg tablets", "Digoxin 125microgram tablets"],
    ["Lansoprazole 15mg gastro- resistant capsules", "Lansoprazole 15mg gastro-resistant capsules"],
    ["Abacavir 600mg/Lamivudine 300mg tablets", "Abacavir 600mg / Lamivudine 300mg tablets"],
    ["Salbutamol 100micrograms/dose inhaler", "Salbutamol 100microgram/dose inhaler"],
    ["Latanoprost 50micrograms/ml eye drops", "Latanoprost 50micrograms/1ml eye drops"],
    ["Trazodone 50mg/5ml Oral Susp SF", "Trazodone 50mg/5ml oral suspension sugar free"],
    ["Co-careldopa 25mg/100mg\u00a0tablets", "co-careldopa 25mg/100mg tablets"],
  ])("%s is the same medicine as %s", (concession, tariff) => {
    expect(normaliseMedicineName(concession)).toBe(normaliseMedicineName(tariff));
  });

  it("tells different strengths apart", () => {
    expect(normaliseMedicineName("Amlodipine 5mg tablets")).not.toBe(
      normaliseMedicineName("Amlodipine 10mg tablets"),
    );
  });

  it("compares pack sizes as numbers, whatever unit the concession writes", () => {
    expect(matchKey("Cefalexin 125mg/5ml oral suspension", "100ml")).toBe(
      matchKey("Cefalexin 125mg/5ml oral suspension", 100),
    );
    expect(matchKey("Amiloride 5mg tablets", "28")).not.toBe(matchKey("Amiloride 5mg tablets", 56));
  });
});
