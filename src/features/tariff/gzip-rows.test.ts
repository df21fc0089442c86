import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { gzipColumnarRows } from "@/lib/data-version-cache";
import { rowsFromColumns } from "@/lib/rows-wire";

import { mapLazily } from "./list-reading";

/** What a rows route sends, unpacked and read as the table reads it, each row as a plain object. */
const unpacked = async (
  items:
    Iterable<Record<string, string | number | null>> | AsyncIterable<Record<string, string | number | null>>,
) => {
  const rows = rowsFromColumns(JSON.parse(gunzipSync(await gzipColumnarRows(items)).toString("utf8")));
  return JSON.parse(JSON.stringify(rows)) as unknown;
};

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    medicine: `Medicine "${index}" 5mg/5ml ’`,
    supplier: `Supplier ${index % 7}`,
    packSize: index,
    price: index % 3 === 0 ? null : index * 1.5,
  }));

describe("rows as gzipped columns, a batch at a time", () => {
  // Around the batch size (1,000): an empty list, one row, a batch exactly, a batch and one more, and several.
  it.each([0, 1, 999, 1_000, 1_001, 2_000, 2_345])("gives back exactly %i rows", async (count) => {
    const list = rows(count);
    expect(await unpacked(list)).toEqual(list);
  });

  it("takes rows made one by one as they are read, without holding them as a list", async () => {
    let made = 0;
    const lazy = mapLazily(rows(2_500), (row) => {
      made += 1;
      return { ...row, label: `${row.medicine} (${row.packSize})` };
    });
    expect(made).toBe(0);
    const read = await unpacked(lazy);
    expect(made).toBe(2_500);
    const again = [];
    for await (const row of lazy) again.push(row);
    expect(read).toEqual(again);
  });
});
