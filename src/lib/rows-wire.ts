/**
 * How a rows route's rows travel (ADR 153): column by column. A column whose values repeat (a
 * supplier, a product's name across its packs, a price) sends its distinct values once, in a
 * `pool`, and each row's index into them as `at`: a string of base64url digits, the same number
 * of digits for every row (as few as the pool's size needs). Any other column sends its `values`,
 * one a row, in row order:
 *
 *   {"count":3,"columns":[{"key":"name","values":["A","B","C"]},{"key":"supplier","pool":["X","Y"],"at":"AAB"}]}
 *
 * Small integers are the costliest part of JSON to parse, hence the digits. The browser keeps the
 * columns as they arrive and gives the table one small object per row that reads its values from
 * them, so a repeated value is one string in memory however many rows show it.
 */

export type RowValue = string | number | null;

type WireColumn = { key: string; values: RowValue[] } | { key: string; pool: RowValue[]; at: string };

/** The rows in their wire form (module comment). */
export type ColumnarRows = { count: number; columns: WireColumn[] };

/** The 64 digits of an index, in order: characters JSON sends as they are. */
const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const digitCodes = Uint16Array.from(digits, (digit) => digit.charCodeAt(0));
const digitValue = new Int8Array(128).fill(-1);
for (let value = 0; value < digits.length; value++) digitValue[digitCodes[value]!] = value;

/** How many digits each index into a pool of `size` values takes. */
function indexWidth(size: number): number {
  let width = 1;
  while (digits.length ** width < size) width += 1;
  return width;
}

/** Values serialised together: a batch's JSON is a few hundred kB at most. */
const batchSize = 1_000;

/** Indexes held in blocks of typed arrays: four bytes a row, outside the JavaScript heap. */
class Indexes {
  private static readonly blockBits = 12;
  private readonly blocks: Uint32Array[] = [];
  length = 0;

  push(index: number) {
    const block = this.length >>> Indexes.blockBits;
    if (block === this.blocks.length) this.blocks.push(new Uint32Array(1 << Indexes.blockBits));
    this.blocks[block]![this.length & ((1 << Indexes.blockBits) - 1)] = index;
    this.length += 1;
  }

  at(row: number): number {
    return this.blocks[row >>> Indexes.blockBits]![row & ((1 << Indexes.blockBits) - 1)]!;
  }
}

/** A column's values as the JSON text of an array's items, encoded a batch at a time, outside the heap. */
class ValuesText {
  private readonly encoded: Uint8Array[] = [];
  private pending: RowValue[] = [];
  private static readonly encoder = new TextEncoder();

  add(value: RowValue) {
    this.pending.push(value);
    if (this.pending.length === batchSize) this.encode();
  }

  private encode() {
    if (this.pending.length === 0) return;
    const items = JSON.stringify(this.pending).slice(1, -1);
    this.encoded.push(ValuesText.encoder.encode(this.encoded.length === 0 ? items : `,${items}`));
    this.pending = [];
  }

  /** The JSON array, a batch at a time. */
  *json(): Generator<string | Uint8Array> {
    this.encode();
    yield "[";
    yield* this.encoded;
    yield "]";
  }
}

type Pool = { distinct: Map<RowValue, number>; at: Indexes };

/**
 * One column as the rows are read: while its values repeat, the distinct values and each row's
 * index among them; once too many are new to pool, every value as JSON text. Never both, and
 * never the values as a list: what a column holds of its rows is outside the JavaScript heap (four
 * bytes a row, or its text), bar the distinct values of a pool.
 */
class ColumnBuilder {
  private pool: Pool | null = { distinct: new Map(), at: new Indexes() };
  private text: ValuesText | null = null;
  private count = 0;

  constructor(
    readonly key: string,
    before: number,
  ) {
    // A key first seen after some rows: those rows had no value for it.
    for (let row = 0; row < before; row++) this.add(null);
  }

  add(value: RowValue) {
    this.count += 1;
    if (!this.pool) return void this.text!.add(value);
    const { distinct, at } = this.pool;
    let index = distinct.get(value);
    if (index === undefined) {
      index = distinct.size;
      distinct.set(value, index);
    }
    at.push(index);
    // Three values in four new after ten batches: the column will be sent as its values.
    if (this.count >= 10 * batchSize && distinct.size * 4 > this.count * 3) this.unpool(this.pool);
  }

  /** Every value so far as text, in row order; the pool is let go. */
  private unpool({ distinct, at }: Pool): ValuesText {
    this.pool = null;
    const byIndex = [...distinct.keys()];
    const text = (this.text = new ValuesText());
    for (let row = 0; row < at.length; row++) text.add(byIndex[at.at(row)]!);
    return text;
  }

  /** The column to send: pooled when at most every second value is new (the indexes then cost less than the repeats). */
  wire(): { pool: Pool } | { text: ValuesText } {
    if (!this.pool) return { text: this.text! };
    if (this.pool.distinct.size * 2 <= this.count) return { pool: this.pool };
    return { text: this.unpool(this.pool) };
  }
}

/** A pooled column's indexes as digits, a batch of rows at a time. */
function* indexDigits({ distinct, at }: Pool): Generator<string> {
  const width = indexWidth(distinct.size);
  const codes = new Uint16Array(batchSize * width);
  for (let start = 0; start < at.length; start += batchSize) {
    const end = Math.min(start + batchSize, at.length);
    let char = 0;
    for (let row = start; row < end; row++)
      for (let place = width - 1; place >= 0; place--)
        codes[char++] = digitCodes[(at.at(row) >> (6 * place)) & 63]!;
    yield String.fromCharCode(...codes.subarray(0, char));
  }
}

/**
 * Rows made into their wire form: `add` each row (a value that is absent or undefined travels as
 * null), then `json` gives the JSON text a piece at a time (ADR 146: the whole text is never held),
 * as strings and as UTF-8 bytes.
 */
export class ColumnarRowsWriter {
  /** By key, in the order the keys were first seen. */
  private readonly columns = new Map<string, ColumnBuilder>();
  private count = 0;

  add(row: Readonly<Record<string, RowValue | undefined>>) {
    for (const key in row)
      if (!this.columns.has(key)) this.columns.set(key, new ColumnBuilder(key, this.count));
    for (const column of this.columns.values()) column.add(row[column.key] ?? null);
    this.count += 1;
  }

  *json(): Generator<string | Uint8Array> {
    yield `{"count":${this.count},"columns":[`;
    let separator = "";
    for (const column of this.columns.values()) {
      yield `${separator}{"key":${JSON.stringify(column.key)},`;
      separator = ",";
      const wire = column.wire();
      if ("pool" in wire) {
        yield `"pool":${JSON.stringify([...wire.pool.distinct.keys()])},"at":"`;
        yield* indexDigits(wire.pool);
        yield `"`;
      } else {
        yield `"values":`;
        yield* wire.text.json();
      }
      yield "}";
    }
    yield "]}";
  }
}

/** The wire form of `rows` as JSON text (tests, and callers that want it whole). */
export function columnarRowsJson(rows: Iterable<Readonly<Record<string, RowValue | undefined>>>): string {
  const writer = new ColumnarRowsWriter();
  for (const row of rows) writer.add(row);
  const decoder = new TextDecoder();
  let text = "";
  for (const piece of writer.json())
    text += typeof piece === "string" ? piece : decoder.decode(piece, { stream: true });
  return text + decoder.decode();
}

/** The wire form of `rows` (tests, and callers that want it whole). */
export const columnarRows = (rows: Iterable<Readonly<Record<string, RowValue | undefined>>>): ColumnarRows =>
  JSON.parse(columnarRowsJson(rows)) as ColumnarRows;

/**
 * How a pooled column's value for a row is read: its index's digits are read from `at` when the row
 * is (the string costs a byte a digit, less than any array of the indexes). A malformed index (a
 * character that is not a digit, or past the pool) reads as null.
 */
function pooledReader(pool: RowValue[], at: string, width: number): (row: number) => RowValue {
  const digit = (char: number) => {
    const code = at.charCodeAt(char);
    return code < 128 ? digitValue[code]! : -1;
  };
  if (width === 1) return (row) => pool[digit(row)] ?? null;
  return (row) => {
    let index = 0;
    for (let char = row * width, end = char + width; char < end; char++) {
      const value = digit(char);
      if (value < 0) return null;
      index = index * digits.length + value;
    }
    return pool[index] ?? null;
  };
}

/** How a column's value for a row is read; null when the column is not one of `count` rows. */
function columnReader(
  column: unknown,
  count: number,
): { key: string; read: (row: number) => RowValue } | null {
  if (typeof column !== "object" || column === null) return null;
  const { key, values, pool, at } = column as {
    key?: unknown;
    values?: unknown;
    pool?: unknown;
    at?: unknown;
  };
  if (typeof key !== "string") return null;
  if (Array.isArray(values) && values.length === count) {
    const list = values as RowValue[];
    return { key, read: (row) => list[row] ?? null };
  }
  if (!Array.isArray(pool) || typeof at !== "string") return null;
  const width = indexWidth(pool.length);
  if (at.length !== count * width) return null;
  return { key, read: pooledReader(pool as RowValue[], at, width) };
}

const rowIndex = Symbol("row");

type RowView = Record<string, RowValue> & { [rowIndex]: number };

/**
 * The rows of a parsed wire form, in order, or null when `body` is not one. Each row is an object
 * with one value, its index, and reads each key's value from its column (a getter on a prototype the
 * rows share), so the rows cost the browser little beyond their distinct values. A row reads like
 * the object it was made from (`row[key]`, `JSON.stringify(row)`), but its keys are not its own:
 * a spread or `Object.keys` of it gives nothing.
 */
export function rowsFromColumns(body: unknown): Record<string, RowValue>[] | null {
  if (typeof body !== "object" || body === null) return null;
  const { count, columns } = body as { count?: unknown; columns?: unknown };
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0 || !Array.isArray(columns))
    return null;
  const readers = [];
  for (const column of columns as unknown[]) {
    const reader = columnReader(column, count);
    if (!reader) return null;
    readers.push(reader);
  }
  const keys = readers.map(({ key }) => key);
  class Row {
    [rowIndex]: number;
    constructor(index: number) {
      this[rowIndex] = index;
    }
    toJSON() {
      return Object.fromEntries(keys.map((key) => [key, (this as unknown as RowView)[key]]));
    }
  }
  for (const { key, read } of readers)
    Object.defineProperty(Row.prototype, key, {
      enumerable: true,
      get(this: RowView) {
        return read(this[rowIndex]);
      },
    });
  const rows = new Array<Record<string, RowValue>>(count);
  for (let row = 0; row < count; row++) rows[row] = new Row(row) as unknown as Record<string, RowValue>;
  return rows;
}
