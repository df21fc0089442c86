import { describe, expect, it } from "vitest";

import { NameIndex, similarity, trigramsOf } from "./likeness";

describe("trigramsOf and similarity", () => {
  it("pads each word as pg_trgm does", () => {
    expect([...trigramsOf("Cat")]).toEqual(["  c", " ca", "cat", "at "]);
    expect(trigramsOf("a-b").size).toBe(trigramsOf("a b").size);
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
  const index = new NameIndex([
    "amlodipine 5mg tablets",
    "amlodipine 10mg tablets",
    "bisoprolol 10mg tablets",
    "zopiclone 7.5mg tablets",
  ]);

  it("answers the names most like a term, the most alike first, as similarity measures them", () => {
    const found = index.nearest("amlodipene 5mg tablets");
    expect(found[0]).toEqual({
      name: "amlodipine 5mg tablets",
      similarity: similarity("amlodipene 5mg tablets", "amlodipine 5mg tablets"),
    });
    expect(found.map((near) => near.name)).toContain("amlodipine 10mg tablets");
  });

  it("finds a made-up name's nearest at a low likeness, and nothing below the threshold", () => {
    expect(index.nearest("madeupolol 10mg tablets")[0]?.name).toBe("bisoprolol 10mg tablets");
    expect(index.nearest("qualmeprox cream")).toEqual([]);
  });
});
