import path from "node:path";

import { dmdXml, type XmlRecord } from "@/features/imports/layout-writers";
import { splitPeriod, type Period } from "@/lib/tariff-vocabulary";

import { brandName, brandSuppliers } from "./catalogue";
import type { SampleContext } from "./context";
import type { Line } from "./part-viiia";

const payment: Record<string, string> = { A: "0001", C: "0003", M: "0011", H: "0015" };
const units: Record<string, string> = {
  tablet: "428673006",
  capsule: "428641000",
  ml: "258773002",
  gram: "258682000",
  ampoule: "413516001",
  dose: "3317411000001100",
  patch: "419702001",
  sachet: "733013000",
  suppository: "430293001",
  "pre-filled disposable injection": "3318611000001103",
};
const suppliers = brandSuppliers.map((name, i) => ({ code: `${9_000_000 + i}1000001103`, name }));

/** The records of a release, by the table they go to. */
type Tables = {
  vmps: Map<string, XmlRecord>;
  vmpps: XmlRecord[];
  tariff: XmlRecord[];
  amps: XmlRecord[];
  ampps: XmlRecord[];
  prices: XmlRecord[];
  reimbursement: XmlRecord[];
  prescribing: XmlRecord[];
  gtins: XmlRecord[];
};

/** A dm+d-shaped release for the last month: branded packs of some Part VIIIA products, with flags. */
export function writeDmd(context: SampleContext, to: Period, lines: Line[]) {
  const { random } = context;
  const tables: Tables = {
    vmps: new Map(),
    vmpps: [],
    tariff: [],
    amps: [],
    ampps: [],
    prices: [],
    reimbursement: [],
    prescribing: [],
    gtins: [],
  };
  for (const line of random.sample(lines, 250)) {
    addVirtualPack(tables, line, to);
    for (let i = 0; i < random.int(1, 2); i++) addBrandedPack(tables, context, line, to);
  }
  writeRelease(context, to, tables);
}

/** The line's VMP, its VMPP and the VMPP's tariff price. */
function addVirtualPack(tables: Tables, line: Line, to: Period) {
  tables.vmps.set(line.vmp, {
    tag: "VMP",
    fields: [
      ["VPID", line.vmp],
      ["NM", line.medicine],
      ["PRES_STATCD", "0001"],
    ],
  });
  tables.vmpps.push({
    tag: "VMPP",
    fields: [
      ["VPPID", line.vmpp],
      ["NM", `${line.medicine} ${line.packSize} ${line.unit}`],
      ["VPID", line.vmp],
      ["QTYVAL", String(line.packSize)],
      ["QTY_UOMCD", units[line.unit] ?? "3317411000001100"],
    ],
  });
  tables.tariff.push({
    tag: "DTINFO",
    fields: [
      ["VPPID", line.vmpp],
      ["PAY_CATCD", payment[line.category] ?? "0003"],
      ["PRICE", String(line.price)],
      ["DT", `${to}-01`],
    ],
  });
}

/** A branded pack (AMP and AMPP) of the line's VMPP, with its price, flags and GTIN. */
function addBrandedPack(tables: Tables, { random, codes }: SampleContext, line: Line, to: Period) {
  const { year } = splitPeriod(to);
  const generic = line.medicine.replace(/ (tablets|capsules).*$/, "");
  const supplier = random.pick(suppliers);
  const brand = `${brandName(random)} ${line.medicine.slice(generic.length + 1)}`;
  const apid = codes.snomed();
  const appid = codes.snomed();
  const name = `${brand} (${supplier.name}) ${line.packSize} ${line.unit}`;
  const discontinued = random.chance(0.04);
  tables.amps.push({
    tag: "AMP",
    fields: [
      ["APID", apid],
      ["VPID", line.vmp],
      ["NM", brand],
      ["DESC", `${brand} (${supplier.name})`],
      ["SUPPCD", supplier.code],
      ["LIC_AUTHCD", "0001"],
      ["AVAIL_RESTRICTCD", "0001"],
    ],
  });
  tables.ampps.push({
    tag: "AMPP",
    fields: [
      ["APPID", appid],
      ["NM", name],
      ["VPPID", line.vmpp],
      ["APID", apid],
      ["LEGAL_CATCD", "0003"],
      ["DISCCD", discontinued ? "0001" : null],
      ["DISCDT", discontinued ? `${year - 1}-11-30` : null],
    ],
  });
  const indicative = random.move(line.price, 0.9, 3);
  tables.prices.push({
    tag: "PRICE_INFO",
    fields: [
      ["APPID", appid],
      ["PRICE", String(indicative)],
      ["PRICEDT", `${year - 1}-0${random.int(1, 9)}-01`],
      ["PRICE_PREV", String(random.move(indicative, 0.85, 1))],
      ["PRICE_BASISCD", "0001"],
    ],
  });
  tables.reimbursement.push({
    tag: "REIMB_INFO",
    fields: [
      ["APPID", appid],
      ["PX_CHRGS", "1"],
      ["DISP_FEES", "1"],
      ["BB", random.chance(0.06) ? "0001" : null],
      ["SPEC_CONTCD", random.chance(0.04) ? "0001" : null],
      ["DND", random.chance(0.06) ? random.pick(["0001", "0002"]) : null],
    ],
  });
  tables.prescribing.push({
    tag: "PRESCRIB_INFO",
    fields: [
      ["APPID", appid],
      ["ACBS", random.chance(0.03) ? "0001" : null],
      ["DENT_F", random.chance(0.05) ? "0001" : null],
      ["NURSE_F", random.chance(0.05) ? "0001" : null],
    ],
  });
  tables.gtins.push({
    tag: "AMPP",
    fields: [["AMPPID", appid]],
    nested: [
      {
        tag: "GTINDATA",
        fields: [
          ["GTIN", `50${random.int(10_000_000, 99_999_999)}${random.int(100, 999)}`],
          ["STARTDT", `${year - 2}-01-01`],
        ],
      },
    ],
  });
}

/** The release's files, named as TRUD names them for the month. */
function writeRelease({ write }: SampleContext, to: Period, tables: Tables) {
  const { year, month } = splitPeriod(to);
  const stamp = `01${String(month).padStart(2, "0")}${String(year).slice(2)}`;
  const release = (name: string, content: string) =>
    write(to, path.join("dmd", `${name}_${name === "f_gtin2" ? "0" : "3"}${stamp}.xml`), content);
  release(
    "f_vmp2",
    dmdXml("VIRTUAL_MED_PRODUCTS", "vmp_v2_3.xsd", [{ tag: "VMPS", records: [...tables.vmps.values()] }]),
  );
  release(
    "f_vmpp2",
    dmdXml("VIRTUAL_MED_PRODUCT_PACK", "vmpp_v2_3.xsd", [
      { tag: "VMPPS", records: tables.vmpps },
      { tag: "DRUG_TARIFF_INFO", records: tables.tariff },
    ]),
  );
  release(
    "f_amp2",
    dmdXml("ACTUAL_MEDICINAL_PRODUCTS", "amp_v2_3.xsd", [{ tag: "AMPS", records: tables.amps }]),
  );
  release(
    "f_ampp2",
    dmdXml("ACTUAL_MEDICINAL_PROD_PACKS", "ampp_v2_3.xsd", [
      { tag: "AMPPS", records: tables.ampps },
      { tag: "APPLIANCE_PACK_INFO", records: [] },
      { tag: "DRUG_PRODUCT_PRESCRIB_INFO", records: tables.prescribing },
      { tag: "MEDICINAL_PRODUCT_PRICE", records: tables.prices },
      { tag: "REIMBURSEMENT_INFO", records: tables.reimbursement },
    ]),
  );
  release("f_gtin2", dmdXml("GTIN_DETAILS", "gtin_v2_0.xsd", [{ tag: "AMPPS", records: tables.gtins }]));
  release("f_lookup2", dmdXml("LOOKUP", "lookup_v2_3.xsd", lookups()));
}

const lookup = (entries: [string, string][]): XmlRecord[] =>
  entries.map(([code, desc]) => ({
    tag: "INFO",
    fields: [
      ["CD", code],
      ["DESC", desc],
    ],
  }));

/** The lookup tables the other files' codes are read by. */
function lookups() {
  return [
    {
      tag: "DT_PAYMENT_CATEGORY",
      records: lookup([
        ["0001", "Part VIIIA Category A"],
        ["0003", "Part VIIIA Category C"],
        ["0005", "Part IXa"],
        ["0011", "Part VIIIA Category M"],
        ["0015", "Part VIIIA Category H"],
      ]),
    },
    {
      tag: "PRICE_BASIS",
      records: lookup([
        ["0001", "NHS Indicative Price"],
        ["0002", "No Price Available"],
      ]),
    },
    {
      tag: "DND",
      records: lookup([
        ["0001", "Discount not deducted - automatic"],
        ["0002", "Discount not deducted - endorsement required"],
      ]),
    },
    {
      tag: "SPEC_CONT",
      records: lookup([
        ["0001", "Special container"],
        ["0002", "Sub-pack is a special container"],
      ]),
    },
    {
      tag: "LEGAL_CATEGORY",
      records: lookup([
        ["0001", "GSL"],
        ["0002", "P"],
        ["0003", "POM"],
        ["0004", "Not Applicable"],
      ]),
    },
    { tag: "SUPPLIER", records: lookup(suppliers.map((supplier) => [supplier.code, supplier.name])) },
    { tag: "UNIT_OF_MEASURE", records: lookup(Object.entries(units).map(([name, code]) => [code, name])) },
  ];
}
