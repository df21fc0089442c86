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
import type { PartId } from "@/lib/tariff-vocabulary";

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

function specialContainer(reader: RecordReader, row: Row): boolean {
  return /special/i.test(reader.raw(row, "specialContainer"));
}

const viiia: TabularParser = {
  parse(reader, row): ViiiaLine | undefined {
    const medicine = reader.required(row, "medicine", text);
    const packSize = reader.required(row, "packSize", parseQuantity);
    const category = reader.required(row, "category", parseCategory);
    const basicPricePence = reader.required(row, "price", parsePence);
    const vmpSnomedCode = reader.optional(row, "vmp", parseSnomedCode);
    const vmppSnomedCode = reader.optional(row, "vmpp", parseSnomedCode);
    if (!medicine || packSize === undefined || !category || basicPricePence === undefined) return undefined;
    if (vmpSnomedCode === undefined || vmppSnomedCode === undefined) return undefined;
    return {
      medicine,
      packSize,
      unitOfMeasure: cleanText(reader.raw(row, "unit")),
      vmpSnomedCode,
      vmppSnomedCode,
      category,
      basicPricePence,
    };
  },
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
  parse(reader, row, context): CategoryMLine | undefined {
    const vmppSnomedCode = reader.required(row, "vmpp", parseSnomedCode);
    const medicine = reader.required(row, "medicine", text);
    const packSize = reader.required(row, "packSize", parseQuantity);
    const basicPricePence = reader.required(row, "price", parsePence);
    if (!vmppSnomedCode || !medicine || packSize === undefined || basicPricePence === undefined)
      return undefined;
    return {
      quarter: context.quarter ?? null,
      vmppSnomedCode,
      medicine,
      packSize,
      unitOfMeasure: cleanText(reader.raw(row, "unit")),
      basicPricePence,
    };
  },
  key: { name: "VMPP Snomed Code", of: (line) => (line as CategoryMLine).vmppSnomedCode },
};

/** One VMPP can be listed with several formulations (Bisacodyl enema: `STD` and `(in 37ml bottle)`). */
const viiidKey: TabularParser["key"] = {
  name: "VMPP Snomed Code and Formulations",
  of: (line) => `${(line as ViiidLine).vmppSnomedCode} ${(line as ViiidLine).formulations ?? ""}`,
};

const viiid: TabularParser = {
  parse(reader, row): ViiidLine | undefined {
    const vmppSnomedCode = reader.required(row, "vmpp", parseSnomedCode);
    const vmpSnomedCode = reader.optional(row, "vmp", parseSnomedCode);
    const medicine = reader.required(row, "medicine", text);
    const packSize = reader.required(row, "packSize", parseQuantity);
    const basicPricePence = reader.required(row, "price", parsePence);
    if (!vmppSnomedCode || vmpSnomedCode === undefined || !medicine) return undefined;
    if (packSize === undefined || basicPricePence === undefined) return undefined;
    return {
      vmpSnomedCode,
      vmppSnomedCode,
      medicine,
      packSize,
      unitOfMeasure: cleanText(reader.raw(row, "unit")),
      formulations: cleanText(reader.raw(row, "formulations")),
      specialContainer: specialContainer(reader, row),
      basicPricePence,
    };
  },
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
  parse(reader, row): ViiibLine | undefined {
    const medicine = reader.required(row, "medicine", text);
    const minimumQuantity = reader.required(row, "minimumQuantity", parseQuantity);
    const minimumQuantityPricePence = reader.required(row, "minimumPrice", parsePence);
    const additionalUnitQuantity = reader.optional(row, "additionalQuantity", parseQuantity);
    const additionalUnitPricePence = reader.optional(row, "additionalPrice", parsePence);
    const vmpSnomedCode = reader.optional(row, "vmp", parseSnomedCode);
    const minimumQuantityVmppSnomedCode = reader.optional(row, "minimumVmpp", parseSnomedCode);
    const additionalUnitVmppSnomedCode = reader.optional(row, "additionalVmpp", parseSnomedCode);
    const values = [additionalUnitQuantity, additionalUnitPricePence, vmpSnomedCode];
    if (!medicine || minimumQuantity === undefined || minimumQuantityPricePence === undefined)
      return undefined;
    if (values.includes(undefined) || minimumQuantityVmppSnomedCode === undefined) return undefined;
    if (additionalUnitVmppSnomedCode === undefined) return undefined;
    return {
      vmpSnomedCode: vmpSnomedCode ?? null,
      medicine,
      unitOfMeasure: cleanText(reader.raw(row, "unit")),
      formulations: cleanText(reader.raw(row, "formulations")),
      specialContainer: specialContainer(reader, row),
      minimumQuantityVmppSnomedCode,
      minimumQuantity,
      minimumQuantityPricePence,
      additionalUnitVmppSnomedCode,
      additionalUnitQuantity: additionalUnitQuantity ?? null,
      additionalUnitPricePence: additionalUnitPricePence ?? null,
    };
  },
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
  parse(reader, row): BlacklistLine | undefined {
    const medicine = reader.required(row, "medicine", text);
    const snomedCode = reader.optional(row, "snomedCode", parseSnomedCode);
    if (!medicine || snomedCode === undefined) return undefined;
    return {
      medicine,
      supplier: cleanText(reader.raw(row, "supplier")),
      category: cleanText(reader.raw(row, "category")),
      snomedCode,
      notes: cleanText(reader.raw(row, "notes")),
    };
  },
};

const zeroDiscountParser: TabularParser = {
  parse(reader, row): ZeroDiscountLine | undefined {
    const drugName = reader.required(row, "drugName", text);
    const vmppSnomedCode = reader.optional(row, "vmpp", parseSnomedCode);
    const amppSnomedCode = reader.optional(row, "ampp", parseSnomedCode);
    if (!drugName || vmppSnomedCode === undefined || amppSnomedCode === undefined) return undefined;
    return {
      drugName,
      packSize: cleanText(reader.raw(row, "packSize")),
      unitOfMeasure: cleanText(reader.raw(row, "unit")),
      vmppSnomedCode,
      amppSnomedCode,
      notes: cleanText(reader.raw(row, "notes")),
    };
  },
};

const borderlineParser: TabularParser = {
  parse(reader, row): BorderlineLine | undefined {
    const product = reader.required(row, "product", text);
    const packSize = reader.optional(row, "packSize", parseQuantity);
    const amppSnomedCode = reader.optional(row, "ampp", parseSnomedCode);
    const pricePence = reader.optional(row, "price", parsePence);
    if (!product || packSize === undefined || amppSnomedCode === undefined || pricePence === undefined)
      return undefined;
    return {
      product,
      packSize,
      unitOfMeasure: cleanText(reader.raw(row, "unit")),
      amppSnomedCode,
      supplier: cleanText(reader.raw(row, "supplier")),
      pricePence,
      conditions: cleanText(reader.raw(row, "conditions")),
    };
  },
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
