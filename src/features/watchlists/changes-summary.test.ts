import { describe, expect, it } from "vitest";

import { countsSentence, summariseVisit, type VisitChange } from "./changes-summary";

const change = (overrides: Partial<VisitChange>): VisitChange => ({
  code: "1",
  name: "Amlodipine 5mg tablets",
  change: "price_change",
  period: "2026-03-01",
  oldPence: 100,
  newPence: 150,
  oldCategory: null,
  newCategory: null,
  ...overrides,
});

describe("changes since the last visit", () => {
  it("has nothing to compare on the first visit", () => {
    expect(summariseVisit(null, [change({})])).toEqual({ kind: "first" });
  });

  it("says nothing changed when no month brought a change", () => {
    const summary = summariseVisit("2026-03-10T10:00:00.000Z", []);
    expect(summary).toMatchObject({ kind: "since", lines: [], more: 0 });
    if (summary.kind === "since")
      expect(countsSentence(summary.counts)).toBe("Nothing has changed for these packs.");
  });

  it("counts each kind of change and lists deletions first, then the largest moves", () => {
    const summary = summariseVisit(
      "2026-03-10T10:00:00.000Z",
      [
        change({ name: "Small rise", oldPence: 100, newPence: 101 }),
        change({ name: "Big fall", oldPence: 500, newPence: 100 }),
        change({ name: "Gone", change: "deletion", oldPence: null, newPence: null }),
        change({ name: "Moved", change: "category_change", oldCategory: "A", newCategory: "M" }),
        change({ name: "Short", change: "concession", oldPence: null, newPence: 299 }),
      ],
      3,
    );
    expect(summary).toMatchObject({
      kind: "since",
      counts: { rises: 1, falls: 1, categoryChanges: 1, deletions: 1, concessions: 1 },
      lines: [
        "Gone: no longer listed (March 2026)",
        "Big fall: £5.00 → £1.00 (March 2026)",
        "Small rise: £1.00 → £1.01 (March 2026)",
      ],
      more: 2,
    });
    if (summary.kind === "since")
      expect(countsSentence(summary.counts)).toBe(
        "1 price rise, 1 price fall, 1 category change, 1 pack no longer listed and 1 concession.",
      );
  });

  it("puts a category change and a concession in words", () => {
    const summary = summariseVisit("2026-03-10T10:00:00.000Z", [
      change({ name: "Moved", change: "category_change", oldCategory: "A", newCategory: "M" }),
      change({ name: "Short", change: "concession", oldPence: null, newPence: 299 }),
    ]);
    expect(summary.kind === "since" && summary.lines).toEqual([
      "Moved: category A → M (March 2026)",
      "Short: concession £2.99 (March 2026)",
    ]);
    expect(summary.kind === "since" && countsSentence(summary.counts)).toBe(
      "1 category change and 1 concession.",
    );
  });
});
