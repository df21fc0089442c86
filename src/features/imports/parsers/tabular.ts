import type { PartId } from "@/lib/tariff-vocabulary";

import type { ProblemList } from "../errors";
import type { Row } from "../rows";
import type { RecordReader } from "../table";
import type {
  BlacklistLine,
  BorderlineLine,
  CategoryMLine,
  IxLine,
  Line,
  ViiiaLine,
  ViiibLine,
  ViiidLine,
  ZeroDiscountLine,
} from "../types";
import { cleanText, parseGtin, parsePence, parseQuantity, parseSnomedCode, type Parsed } from "../values";

export type Numbered<T> = { line: number; value: T };

/** How the rows of one layout become table rows for one part. */
export type TabularParser = {
  parse(reader: RecordReader, row: Row, context: { quarter?: number }): Line | undefined;
  /** The key that must be unique within a period, with its name for messages. */
  key?: { name: string; of(line: Line): string | null | undefined };
  /** Turns the file's rows into the period's rows (Part VIIIB pairs its rows here). */
  combine?(lines: Numbered<Line>[], problems: ProblemList): Line[];
  /** Notes for the operator about rows that were kept but deserve a look. */
  notes?(lines: Line[]): string[];
};

const text = (value: string): Parsed<string> =>
  cleanText(value) === null ? { ok: false, expected: "a value" } : { ok: true, value: cleanText(value)! };

/** The categories NHSBSA has defined (A, B, C, E, M) and Category H, new in March 2026. */
const knownCategories = new Set(["A", "B", "C", "E", "H", "M"]);

/** `Part VIIIA Category A` → `A`; text in any other form is kept as it is. */
function parseCategory(value: string): Parsed<string> {
  const cleaned = cleanText(value);
  if (!cleaned) return { ok: false, expected: "a Drug Tariff category such as Part VIIIA Category A" };
  const match = /category\s+([a-z0-9]+)\s*$/i.exec(cleaned);
  return { ok: true, value: match ? match[1]!.toUpperCase() : cleaned };
}

/** How one column of a row becomes one field of a line; undefined when it cannot (a problem is recorded). */
type Field<T> = (reader: RecordReader, row: Row, context: { quarter?: number }) => T | undefined;

const required =
  <T>(key: string, parse: (text: string) => Parsed<T>): Field<T> =>
  (reader, row) =>
    reader.required(row, key, parse);
const optional =
  <T>(key: string, parse: (text: string) => Parsed<T>): Field<T | null> =>
  (reader, row) =>
    reader.optional(row, key, parse);
/** Free text, kept as written and null when empty. */
const textIn =
  (key: string): Field<string | null> =>
  (reader, row) =>
    cleanText(reader.raw(row, key));
const specialContainer: Field<boolean> = (reader, row) =>
  /special/i.test(reader.raw(row, "specialContainer"));

/**
 * A parser that reads every field of a line, in the order given (which is also the line's key order,
 * and so what its content hash sees), and gives up on the row when any field could not be read.
 */
function readLine<L extends Line>(fields: { [K in keyof L]: Field<L[K]> }): TabularParser["parse"] {
  return (reader, row, context) => {
    const line: Record<string, unknown> = {};
    let complete = true;
    for (const [name, field] of Object.entries(fields) as [string, Field<unknown>][]) {
      const value = field(reader, row, context);
      if (value === undefined) complete = false;
      line[name] = value;
    }
    return complete ? (line as L) : undefined;
  };
}

const viiia: TabularParser = {
  parse: readLine<ViiiaLine>({
    medicine: required("medicine", text),
    packSize: required("packSize", parseQuantity),
    unitOfMeasure: textIn("unit"),
    vmpSnomedCode: optional("vmp", parseSnomedCode),
    vmppSnomedCode: optional("vmpp", parseSnomedCode),
    category: required("category", parseCategory),
    basicPricePence: required("price", parsePence),
  }),
  key: { name: "VMPP Snomed Code", of: (line) => (line as ViiiaLine).vmppSnomedCode },
  notes(lines) {
    const unknown = new Map<string, number>();
    for (const line of lines as ViiiaLine[]) {
      if (!knownCategories.has(line.category))
        unknown.set(line.category, (unknown.get(line.category) ?? 0) + 1);
    }
    return [...unknown].map(
      ([category, rows]) =>
        `unknown category "${category}" on ${rows} row${rows === 1 ? "" : "s"}, stored as it is`,
    );
  },
};

const categoryM: TabularParser = {
  parse: readLine<CategoryMLine>({
    quarter: (_reader, _row, context) => context.quarter ?? null,
    vmppSnomedCode: required("vmpp", parseSnomedCode),
    medicine: required("medicine", text),
    packSize: required("packSize", parseQuantity),
    unitOfMeasure: textIn("unit"),
    basicPricePence: required("price", parsePence),
  }),
  key: { name: "VMPP Snomed Code", of: (line) => (line as CategoryMLine).vmppSnomedCode },
};

/** One VMPP can be listed with several formulations (Bisacodyl enema: `STD` and `(in 37ml bottle)`). */
const viiidKey: TabularParser["key"] = {
  name: "VMPP Snomed Code and Formulations",
  of: (line) => `${(line as ViiidLine).vmppSnomedCode} ${(line as ViiidLine).formulations ?? ""}`,
};

const viiid: TabularParser = {
  parse: readLine<ViiidLine>({
    vmpSnomedCode: optional("vmp", parseSnomedCode),
    vmppSnomedCode: required("vmpp", parseSnomedCode),
    medicine: required("medicine", text),
    packSize: required("packSize", parseQuantity),
    unitOfMeasure: textIn("unit"),
    formulations: textIn("formulations"),
    specialContainer,
    basicPricePence: required("price", parsePence),
  }),
  key: viiidKey,
};

/**
 * Part VIIIB in NHSBSA's long layout: per product a minimum-quantity row and, unless it is in a
 * special container, a `Pack size = 1` row with the price per additional ml, gram or unit.
 */
const viiibLong: TabularParser = {
  parse: viiid.parse,
  key: viiidKey,
  combine(lines, problems) {
    // A product is a VMP in one formulation list: the same VMP can be listed twice, e.g.
    // `Salicylic acid 5% cream` as `STD` and as `STD, All bases` (May 2026).
    const products = new Map<string, Numbered<ViiidLine>[]>();
    for (const entry of lines as Numbered<ViiidLine>[]) {
      const key = `${entry.value.vmpSnomedCode ?? entry.value.medicine} ${entry.value.formulations ?? ""}`;
      products.set(key, [...(products.get(key) ?? []), entry]);
    }
    const paired: ViiibLine[] = [];
    for (const [key, rows] of products) {
      const sorted = [...rows].sort((a, b) => b.value.packSize - a.value.packSize);
      const [minimum, additional] = sorted;
      if (sorted.length > 2 || (additional && additional.value.packSize === minimum!.value.packSize)) {
        problems.add({
          line: sorted[0]!.line,
          message: `cannot pair the rows of ${key} (lines ${rows.map((row) => row.line).join(", ")}): expected one minimum-quantity row and at most one per-additional-unit row`,
        });
        continue;
      }
      const min = minimum!.value;
      paired.push({
        vmpSnomedCode: min.vmpSnomedCode,
        medicine: min.medicine,
        unitOfMeasure: min.unitOfMeasure,
        formulations: min.formulations,
        specialContainer: min.specialContainer,
        minimumQuantityVmppSnomedCode: min.vmppSnomedCode,
        minimumQuantity: min.packSize,
        minimumQuantityPricePence: min.basicPricePence,
        additionalUnitVmppSnomedCode: additional?.value.vmppSnomedCode ?? null,
        additionalUnitQuantity: additional?.value.packSize ?? null,
        additionalUnitPricePence: additional?.value.basicPricePence ?? null,
      });
    }
    return paired;
  },
};

/** Part VIIIB as COSTmos pivots it: one row per product, already paired. */
const viiibWide: TabularParser = {
  parse: readLine<ViiibLine>({
    vmpSnomedCode: optional("vmp", parseSnomedCode),
    medicine: required("medicine", text),
    unitOfMeasure: textIn("unit"),
    formulations: textIn("formulations"),
    specialContainer,
    minimumQuantityVmppSnomedCode: optional("minimumVmpp", parseSnomedCode),
    minimumQuantity: required("minimumQuantity", parseQuantity),
    minimumQuantityPricePence: required("minimumPrice", parsePence),
    additionalUnitVmppSnomedCode: optional("additionalVmpp", parseSnomedCode),
    additionalUnitQuantity: optional("additionalQuantity", parseQuantity),
    additionalUnitPricePence: optional("additionalPrice", parsePence),
  }),
  key: {
    name: "minimum quantity VMPP Snomed Code and formulations",
    of: (line) =>
      `${(line as ViiibLine).minimumQuantityVmppSnomedCode} ${(line as ViiibLine).formulations ?? ""}`,
  },
};

const appliances: TabularParser = {
  parse(reader, row): IxLine | undefined {
    const part = reader.required(row, "part", text);
    const pricePence = reader.required(row, "price", parsePence);
    const quantity = reader.optional(row, "quantity", parseQuantity);
    const codes = {
      productSnomedCode: reader.optional(row, "productSnomedCode", parseSnomedCode),
      packSnomedCode: reader.optional(row, "packSnomedCode", parseSnomedCode),
      supplierSnomedCode: reader.optional(row, "supplierSnomedCode", parseSnomedCode),
      gtin: reader.optional(row, "gtin", parseGtin),
    };
    const ampName = cleanText(reader.raw(row, "ampName"));
    const vmpName = cleanText(reader.raw(row, "vmpName"));
    if (!ampName && !vmpName) {
      reader.problems.add({
        line: row.line,
        column: reader.label("ampName"),
        message: "expected an AMP or VMP name, found nothing",
      });
      return undefined;
    }
    if (!part || pricePence === undefined || quantity === undefined) return undefined;
    if (Object.values(codes).includes(undefined)) return undefined;
    return {
      part,
      supplierName: cleanText(reader.raw(row, "supplierName")),
      vmpName,
      ampName,
      colour: cleanText(reader.raw(row, "colour")),
      sizeOrWeight: cleanText(reader.raw(row, "sizeOrWeight")),
      quantity,
      quantityUnitOfMeasure: cleanText(reader.raw(row, "quantityUnit")),
      productOrderNumber: cleanText(reader.raw(row, "productOrderNumber")),
      packOrderNumber: cleanText(reader.raw(row, "packOrderNumber")),
      pricePence,
      addDispensingIndicator: cleanText(reader.raw(row, "addDispensingIndicator")),
      productSnomedCode: codes.productSnomedCode ?? null,
      packSnomedCode: codes.packSnomedCode ?? null,
      supplierSnomedCode: codes.supplierSnomedCode ?? null,
      gtin: codes.gtin ?? null,
      bnfCode: cleanText(reader.raw(row, "bnfCode")),
    };
  },
};

const blacklistParser: TabularParser = {
  parse: readLine<BlacklistLine>({
    medicine: required("medicine", text),
    supplier: textIn("supplier"),
    category: textIn("category"),
    snomedCode: optional("snomedCode", parseSnomedCode),
    notes: textIn("notes"),
  }),
};

const zeroDiscountParser: TabularParser = {
  parse: readLine<ZeroDiscountLine>({
    drugName: required("drugName", text),
    packSize: textIn("packSize"),
    unitOfMeasure: textIn("unit"),
    vmppSnomedCode: optional("vmpp", parseSnomedCode),
    amppSnomedCode: optional("ampp", parseSnomedCode),
    notes: textIn("notes"),
  }),
};

const borderlineParser: TabularParser = {
  parse: readLine<BorderlineLine>({
    product: required("product", text),
    packSize: optional("packSize", parseQuantity),
    unitOfMeasure: textIn("unit"),
    amppSnomedCode: optional("ampp", parseSnomedCode),
    supplier: textIn("supplier"),
    pricePence: optional("price", parsePence),
    conditions: textIn("conditions"),
  }),
};

/** The parser for a layout read as a part; undefined when the layout cannot hold that part. */
export function tabularParser(layoutId: string, part: PartId): TabularParser | undefined {
  const byLayout: Record<string, Partial<Record<PartId, TabularParser>>> = {
    "tariff-lines": { viiia },
    specials: { viiib: viiibLong, viiid },
    "specials-wide": { viiib: viiibWide },
    "category-m": { "cat-m": categoryM },
    appliances: { ix: appliances },
    blacklist: { blacklist: blacklistParser },
    "zero-discount": { "zero-discount": zeroDiscountParser },
    borderline: { borderline: borderlineParser },
  };
  return byLayout[layoutId]?.[part];
}
