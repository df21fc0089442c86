import { describe, expect, it } from "vitest";

import { columnarRows, columnarRowsJson, rowsFromColumns, type RowValue } from "./rows-wire";

type Row = Record<string, RowValue>;

/** Rows through the wire and back, as plain objects. */
const roundTrip = (rows: Row[]) =>
  JSON.parse(JSON.stringify(rowsFromColumns(JSON.parse(columnarRowsJson(rows))))) as Row[];

const packs: Row[] = Array.from({ length: 12 }, (_, index) => ({
  name: `Aspirin ${index * 25}mg "dispersible" tablets ’`,
  supplier: ["Accord Healthcare Ltd", "Teva UK Ltd"][index % 2]!,
  price: index % 4 === 0 ? null : index * 101,
  change: (index - 6) / 2,
}));

describe("rows in their wire form", () => {
  it("gives back every row's values, in order", () => {
    expect(roundTrip(packs)).toEqual(packs);
    expect(roundTrip([])).toEqual([]);
  });

  it("sends a column's repeated values once, with each row's index among them", () => {
    const wire = columnarRows(packs);
    expect(wire.count).toBe(12);
    expect(wire.columns.find((column) => column.key === "supplier")).toEqual({
      key: "supplier",
      pool: ["Accord Healthcare Ltd", "Teva UK Ltd"],
      at: "ABABABABABAB",
    });
    expect(wire.columns.find((column) => column.key === "name")).toHaveProperty("values");
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(packs).length * 0.8);
  });

  it("gives back every row of a pool too big for one digit an index", () => {
    // 10,000 rows, 2,500 distinct codes: two digits an index (up to 4,096 values).
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      code: `C${Math.floor(index / 4)}`,
      price: index % 50,
    }));
    const wire = columnarRows(rows);
    expect(wire.columns.map((column) => ("at" in column ? column.at.length : null))).toEqual([
      20_000, 10_000,
    ]);
    expect(roundTrip(rows)).toEqual(rows);
  });

  it("sends a column as its values once its values are mostly new", () => {
    // Every value new for the first 12,000 rows, then only old ones: too late to pool.
    const rows = Array.from({ length: 36_000 }, (_, index) => ({ code: `C${index % 12_000}` }));
    expect(columnarRows(rows).columns[0]).toHaveProperty("values");
    expect(roundTrip(rows)).toEqual(rows);
  });

  it("gives a key some rows lack as null in those rows, wherever it first appears", () => {
    const rows: Record<string, RowValue | undefined>[] = [
      { code: "1" },
      { code: "2", productCode: "9" },
      { code: "3", productCode: undefined },
    ];
    expect(roundTrip(rows as Row[])).toEqual([
      { code: "1", productCode: null },
      { code: "2", productCode: "9" },
      { code: "3", productCode: null },
    ]);
  });

  it("gives rows that read like objects: by key, and as JSON", () => {
    const [row] = rowsFromColumns(columnarRows(packs))!;
    expect(row!.name).toBe(packs[0]!.name);
    expect(row!["price"]).toBeNull();
    expect(row!.missing).toBeUndefined();
    expect(JSON.parse(JSON.stringify(row))).toEqual(packs[0]);
  });

  it("reads an index that is not a digit, or past its pool, as null", () => {
    const rows = rowsFromColumns({
      count: 4,
      columns: [
        { key: "one", pool: ["a", "b"], at: "A!Cé" },
        { key: "two", pool: Array.from({ length: 100 }, (_, index) => index), at: "AAB!__Bj" },
      ],
    })!;
    expect(JSON.parse(JSON.stringify(rows))).toEqual([
      { one: "a", two: 0 },
      { one: null, two: null },
      { one: null, two: null },
      { one: null, two: 99 },
    ]);
  });

  it.each([
    ["not an object", "rows"],
    ["null", null],
    ["an array of row objects", [{ name: "Aspirin" }]],
    ["no count", { columns: [] }],
    ["a negative count", { count: -1, columns: [] }],
    ["columns not a list", { count: 0, columns: {} }],
    ["a column without a key", { count: 1, columns: [{ values: ["a"] }] }],
    ["a column of the wrong length", { count: 2, columns: [{ key: "name", values: ["a"] }] }],
    ["a pooled column without indexes", { count: 1, columns: [{ key: "name", pool: ["a"] }] }],
    ["indexes of the wrong length", { count: 2, columns: [{ key: "name", pool: ["a"], at: "A" }] }],
  ])("refuses a body that is %s", (_, body) => {
    expect(rowsFromColumns(body)).toBeNull();
  });
});
