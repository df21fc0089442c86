import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { NameIndex, similarity, similarityThreshold, trigramsOf } from "./likeness";

describe("trigramsOf and similarity", () => {
  it("pads each word as pg_trgm does", () => {
    expect(trigramsOf("Cat")).toEqual(["  c", " ca", "cat", "at "]);
    expect(trigramsOf("a-b")).toEqual(trigramsOf("a b"));
  });

  it("is 1 for the same words, 0 for nothing shared, and between for a slip", () => {
    expect(similarity("amlodipine 5mg tablets", "Amlodipine 5mg tablets")).toBe(1);
    expect(similarity("abc", "xyz")).toBe(0);
    const slip = similarity("amlodipene 5mg tablets", "amlodipine 5mg tablets");
    expect(slip).toBeGreaterThan(0.6);
    expect(slip).toBeLessThan(1);
  });
});

describe("NameIndex", () => {
  const names = [
    "amlodipine 5mg tablets",
    "amlodipine 10mg tablets",
    "amlodipine 20mg tablets",
    "bisoprolol 10mg tablets",
    "zopiclone 7.5mg tablets",
    "aciclovir 400mg tablets",
    "aciclovir 400mg dispersible tablets",
  ];
  const index = new NameIndex(names);

  it("answers the names most like a term, the most alike first, as similarity measures them", () => {
    const found = index.nearest("amlodipene 5mg tablets");
    expect(found[0]).toEqual({
      name: "amlodipine 5mg tablets",
      similarity: similarity("amlodipene 5mg tablets", "amlodipine 5mg tablets"),
    });
  });

  it("finds a name as alike as a misspelt one, and not one that shares only strength and form", () => {
    expect(index.nearest("madeupolol 10mg tablets")[0]?.name).toBe("bisoprolol 10mg tablets");
    expect(index.nearest("zentravix 20mg tablets")).toEqual([]);
    expect(index.nearest("qualmeprox cream")).toEqual([]);
  });

  it("finds what comparing the term with every name finds", () => {
    const byComparing = (term: string) =>
      names
        .map((name) => ({ name, similarity: similarity(term, name) }))
        .filter((near) => near.similarity >= similarityThreshold)
        .sort((a, b) => b.similarity - a.similarity || (a.name < b.name ? -1 : 1))
        .slice(0, 3);
    // Names with letters changed, dropped or added, and words of their own.
    const slipped = fc
      .record({
        name: fc.constantFrom(...names),
        edits: fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "e", "a", "x", "1", " ")), { maxLength: 4 }),
        extra: fc.constantFrom("", " tabs", " 28", " cream"),
      })
      .map(
        ({ name, edits, extra }) =>
          edits.reduce((text, [at, letter]) => {
            const place = at % Math.max(1, text.length);
            return text.slice(0, place) + letter + text.slice(place + 1);
          }, name) + extra,
      );
    fc.assert(
      fc.property(slipped, (term) => {
        expect(index.nearest(term)).toEqual(byComparing(term));
      }),
    );
  });
});
