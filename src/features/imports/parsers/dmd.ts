import fs from "node:fs";
import path from "node:path";

import type { Period } from "@/lib/tariff-vocabulary";

import { BadFileError } from "../errors";
import { describeName } from "../file-name";
import { readLimits, tooMany } from "../limits";
import { openText } from "../source";
import type { BrandedPackLine, OnRows } from "../types";
import { cleanText, parsePence, parseQuantity } from "../values";
import { parseWholeXml } from "../xml";

/**
 * A dm+d XML release (docs/data-formats.md): `f_ampp2` (packs, prices, reimbursement and prescribing
 * flags), `f_amp2` (brand names, suppliers), `f_vmpp2` (generic packs, Drug Tariff price),
 * `f_vmp2` (generic names), `f_gtin2` (barcodes) and `f_lookup2` (code descriptions). The files are
 * one release, so the importer reads them together from their folder.
 */

type XmlRecord = { group: string; tag: string; fields: Record<string, string>; children: XmlRecord[] };

/** A member file, as released (`f_ampp2_3010419.xml`) or gzipped as the demo keeps it (`….xml.gz`). */
const memberPattern = /^f_([a-z]+)2_\d+\.xml(\.gz)?$/i;

/** The dm+d files in a folder, by member name (`ampp`, `vmpp`, …). */
export function dmdMembers(folder: string): Map<string, string> {
  const members = new Map<string, string>();
  for (const name of fs.readdirSync(folder).sort()) {
    const match = memberPattern.exec(name);
    if (match) members.set(match[1]!.toLowerCase(), path.join(folder, name));
  }
  return members;
}

export function isDmdFile(file: string): boolean {
  return memberPattern.test(path.basename(file));
}

/**
 * Streams an XML file's records: the elements two levels below the root (`AMPPS > AMPP`,
 * `PRICE_BASIS > INFO`), each with its leaf fields and nested groups (`GTINDATA`). A field longer
 * than a release's limit is refused as it is read (ADR 160).
 */
async function readRecords(file: string, onRecord: (record: XmlRecord) => void): Promise<void> {
  const name = path.basename(file);
  const limits = readLimits.dmd;
  const tooLong = () => tooMany.cellChars(name, limits);
  const stack: string[] = [];
  let record: XmlRecord | undefined;
  let child: XmlRecord | undefined;
  let textBuffer = "";
  await parseWholeXml(
    openText(file, file.toLowerCase().endsWith(".gz"), limits.inflatedBytes) as AsyncIterable<string>,
    {
      open(element) {
        stack.push(element);
        textBuffer = "";
        if (stack.length === 3) record = { group: stack[1]!, tag: element, fields: {}, children: [] };
        if (stack.length === 5 && record && !child) {
          child = { group: record.tag, tag: stack[3]!, fields: {}, children: [] };
        }
      },
      text(text) {
        textBuffer += text;
        if (textBuffer.length > limits.cellChars) throw tooLong();
      },
      close(element) {
        const depth = stack.length;
        stack.pop();
        if (depth === 5 && child) child.fields[element] = textBuffer.trim();
        else if (depth === 4 && record) {
          if (child) record.children.push(child);
          else record.fields[element] = textBuffer.trim();
          child = undefined;
        } else if (depth === 3 && record) {
          onRecord(record);
          record = undefined;
        }
        textBuffer = "";
      },
    },
    { tooLong },
  );
  if (stack.length > 0)
    throw new BadFileError(name, [
      { message: `the XML ends inside <${stack.at(-1)}>: the file is truncated` },
    ]);
}

async function readTable(file: string | undefined, group: string, key: string) {
  const table = new Map<string, Record<string, string>>();
  if (!file) return table;
  await readRecords(file, (record) => {
    if (record.group !== group) return;
    const id = record.fields[key];
    if (id) table.set(id, { ...table.get(id), ...record.fields });
  });
  return table;
}

const flag = (value: string | undefined) => value !== undefined && value !== "" && !/^0+$/.test(value);
const pence = (value: string | undefined) => {
  const parsed = value ? parsePence(value) : undefined;
  return parsed?.ok ? parsed.value : null;
};

export async function parseDmdRelease(
  folder: string,
  period: Period | undefined,
  onRows: OnRows,
): Promise<{ period: Period; rows: BrandedPackLine[]; rowsRead: number }> {
  const members = dmdMembers(folder);
  const name = path.basename(folder);
  const missing = ["ampp", "amp", "vmpp", "lookup"].filter((member) => !members.has(member));
  if (missing.length > 0) {
    throw new BadFileError(name, [
      {
        message: `a dm+d release needs ${missing.map((member) => `f_${member}2_*.xml`).join(", ")} in the same folder`,
      },
    ]);
  }
  const releasePeriod = period ?? describeName(path.basename(members.get("ampp")!)).period;
  if (!releasePeriod) {
    throw new BadFileError(name, [
      { message: "cannot tell the release date from the file names; use --period YYYY-MM" },
    ]);
  }

  const lookups = new Map<string, Map<string, string>>();
  await readRecords(members.get("lookup")!, (record) => {
    const values = lookups.get(record.group) ?? new Map<string, string>();
    if (record.fields.CD !== undefined) values.set(record.fields.CD, record.fields.DESC ?? "");
    lookups.set(record.group, values);
  });
  const lookup = (table: string, code: string | undefined) =>
    code === undefined ? null : (lookups.get(table)?.get(code) ?? code);

  const amps = await readTable(members.get("amp"), "AMPS", "APID");
  const vmps = await readTable(members.get("vmp"), "VMPS", "VPID");
  const vmpps = await readTable(members.get("vmpp"), "VMPPS", "VPPID");
  const tariff = await readTable(members.get("vmpp"), "DRUG_TARIFF_INFO", "VPPID");
  const gtins = new Map<string, string>();
  if (members.has("gtin")) {
    await readRecords(members.get("gtin")!, (record) => {
      const current = record.children
        .filter((data) => data.fields.GTIN)
        .sort(
          (a, b) =>
            Number(Boolean(a.fields.ENDDT)) - Number(Boolean(b.fields.ENDDT)) ||
            (b.fields.STARTDT ?? "").localeCompare(a.fields.STARTDT ?? ""),
        )[0];
      if (record.fields.AMPPID && current) gtins.set(record.fields.AMPPID, current.fields.GTIN!);
    });
  }

  const packs = new Map<string, Record<string, string>>();
  let rowsRead = 0;
  await readRecords(members.get("ampp")!, (record) => {
    const id = record.fields.APPID;
    if (!id) return;
    if (record.tag === "AMPP") {
      rowsRead++;
      if (rowsRead % 1000 === 0) onRows(rowsRead);
    }
    packs.set(id, { ...packs.get(id), ...record.fields });
  });
  onRows(rowsRead);

  const rows: BrandedPackLine[] = [];
  for (const [id, pack] of packs) {
    if (!pack.NM) continue;
    const amp = pack.APID ? amps.get(pack.APID) : undefined;
    const vmpp = pack.VPPID ? vmpps.get(pack.VPPID) : undefined;
    const vmp = vmpp?.VPID ? vmps.get(vmpp.VPID) : undefined;
    const dt = pack.VPPID ? tariff.get(pack.VPPID) : undefined;
    const quantity = vmpp?.QTYVAL ? parseQuantity(vmpp.QTYVAL) : undefined;
    rows.push({
      amppSnomedCode: id,
      name: cleanText(pack.NM)!,
      ampSnomedCode: pack.APID ?? null,
      ampName: cleanText(amp?.NM),
      supplier: lookup("SUPPLIER", amp?.SUPPCD),
      vmppSnomedCode: pack.VPPID ?? null,
      vmppName: cleanText(vmpp?.NM),
      vmpSnomedCode: vmpp?.VPID ?? null,
      vmpName: cleanText(vmp?.NM),
      packSize: quantity?.ok ? quantity.value : null,
      unitOfMeasure: lookup("UNIT_OF_MEASURE", vmpp?.QTY_UOMCD),
      subpack: cleanText(pack.SUBP),
      legalCategory: lookup("LEGAL_CATEGORY", pack.LEGAL_CATCD),
      gtin: gtins.get(id) ?? null,
      nhsIndicativePricePence: pence(pack.PRICE),
      priceDate: pack.PRICEDT ?? null,
      previousPricePence: pence(pack.PRICE_PREV),
      priceBasis: lookup("PRICE_BASIS", pack.PRICE_BASISCD),
      drugTariffCategory: lookup("DT_PAYMENT_CATEGORY", dt?.PAY_CATCD),
      drugTariffPricePence: pence(dt?.PRICE),
      discountNotDeducted: flag(pack.DND),
      discountNotDeductedType: flag(pack.DND) ? lookup("DND", pack.DND) : null,
      brokenBulk: flag(pack.BB),
      specialContainer: flag(pack.SPEC_CONTCD),
      acbs: flag(pack.ACBS),
      dentalFormulary: flag(pack.DENT_F),
      nurseFormulary: flag(pack.NURSE_F),
      discontinued: pack.DISCCD === "0001",
      discontinuedDate: pack.DISCDT ?? null,
    });
  }
  return { period: releasePeriod, rows, rowsRead };
}
