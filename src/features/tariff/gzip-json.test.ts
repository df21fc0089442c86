import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { gzipJsonArray } from "./data-version-cache";
import { mapLazily } from "./list-reading";

/** What a rows route sends, unpacked as the table unpacks it. */
const unpacked = async (items: Iterable<unknown>) => gunzipSync(await gzipJsonArray(items)).toString("utf8");

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    medicine: `Medicine "${index}" 5mg/5ml ’`,
    packSize: index,
    price: index % 3 === 0 ? null : index * 1.5,
  }));

describe("rows as gzipped JSON, a batch at a time", () => {
  // Around the batch size (1,000): an empty list, one row, a batch exactly, a batch and one more, and several.
  it.each([0, 1, 999, 1_000, 1_001, 2_000, 2_345])(
    "unpacks to exactly the JSON of %i rows",
    async (count) => {
      const list = rows(count);
      const text = await unpacked(list);
      expect(text).toBe(JSON.stringify(list));
      expect(JSON.parse(text)).toHaveLength(count);
    },
  );

  it("takes rows made one by one as they are read, without holding them as a list", async () => {
    let made = 0;
    const lazy = mapLazily(rows(2_500), (row) => {
      made += 1;
      return { ...row, label: `${row.medicine} (${row.packSize})` };
    });
    expect(made).toBe(0);
    const text = await unpacked(lazy);
    expect(made).toBe(2_500);
    expect(JSON.parse(text)).toEqual(Array.from(lazy));
  });
});
