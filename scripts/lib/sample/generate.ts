import fs from "node:fs";
import path from "node:path";

import {
  addMonths,
  monthNames,
  poundsFigure,
  quarterOfMonth,
  splitPeriod,
  type Period,
} from "@/lib/tariff-vocabulary";

import {
  applianceSizes,
  applianceSuppliers,
  applianceTypes,
  blacklistCategories,
  borderlineConditions,
  brandName,
  brandSuppliers,
  medicinePacks,
  specialFormulations,
  specialNames,
  type MedicinePack,
} from "./catalogue";
import {
  concessionsArchivePage,
  concessionsPage,
  dmdXml,
  headers,
  nhsbsaCsv,
  ourHeaders,
  plainCsv,
  type Cell,
  type ConcessionEntry,
  type XmlRecord,
} from "@/features/imports/layout-writers";
import { Random } from "./random";

/**
 * Realistic sample files for the embedded default, in the layouts the importer reads (raw NHSBSA
 * CSVs quirks and all, CPE-style concession pages, our Northern Ireland CSVs, a dm+d-shaped XML
 * release). A seeded generator: the same options write the same bytes. No real data is copied;
 * prices and codes are invented, and move the way real ones do (docs/data-formats.md): Category A and
 * M reprice each quarter, Category C moves every month, lines come and go, packs are replaced,
 * categories change (C → H in two phases), appliance prices rise each June.
 */
export type SampleOptions = {
  folder: string;
  to: Period;
  months: number;
  seed: number;
  /**
   * `sample` (the default) is small enough to load in under a minute; `real` has the size of the
   * real tariff each month (about 3,600 Part VIIIA lines of which some 360 are Category M, 66,000
   * Part IX lines), for benchmarks.
   */
  scale?: SampleScale;
};

export type SampleScale = "sample" | "real";

/** How many lines the first month has, at each scale. */
const sizes: Record<SampleScale, { viiia: number; appliances: number }> = {
  sample: { viiia: 620, appliances: 900 },
  real: { viiia: 3_600, appliances: 66_000 },
};

export type SampleFile = { file: string; period: Period };

type Line = MedicinePack & { vmp: string; vmpp: string; category: string; price: number };
type Special = {
  vmp: string;
  medicine: string;
  unit: string;
  minimum: number;
  minVmpp: string;
  addVmpp: string;
  formulations: string;
  special: boolean;
  price: number;
  extra: number;
};
type Appliance = {
  part: string;
  supplier: string;
  vmpName: string;
  ampName: string | null;
  size: string;
  quantity: number;
  unit: string;
  price: number;
  product: string | null;
  pack: string | null;
  gtin: string | null;
  bnf: string;
};
type Listed = { medicine: string; supplier: string; category: string; code: string };

const monthWord = (period: Period) => monthNames[splitPeriod(period).month - 1]!;
const shortYear = (period: Period) => String(splitPeriod(period).year).slice(2);

class Codes {
  private next: number;
  constructor(random: Random) {
    this.next = random.int(3_000_000, 4_000_000);
  }
  /** A SNOMED-shaped code in the UK extension's namespace (…1000001 + partition and check digit). */
  snomed(random: Random): string {
    this.next += random.int(1, 40);
    return `${this.next}1000001${random.int(100, 109)}`;
  }
}

export function generateSample(options: SampleOptions): SampleFile[] {
  const random = new Random(options.seed);
  const codes = new Codes(random);
  const start = addMonths(options.to, -(options.months - 1));
  const files: SampleFile[] = [];
  const concessionMonths: { period: Period; entries: ConcessionEntry[] }[] = [];
  fs.rmSync(options.folder, { recursive: true, force: true });
  fs.mkdirSync(options.folder, { recursive: true });
  const write = (period: Period, name: string, content: Buffer | string) => {
    const file = path.join(options.folder, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    files.push({ file, period });
  };

  const size = sizes[options.scale ?? "sample"];
  // Part VIIIA: about 600 lines, most Category C, priced as generics are. At real scale the
  // catalogue's packs come again in further pack sizes, as the real list has several per product.
  const catalogue = medicinePacks(random);
  const pool =
    options.scale === "real"
      ? [1, 2, 3, 4, 6, 8, 10].flatMap((times) =>
          catalogue.map((pack) => (times === 1 ? pack : { ...pack, packSize: pack.packSize * times })),
        )
      : catalogue;
  const vmpOf = new Map<string, string>();
  const vmp = (medicine: string) => {
    if (!vmpOf.has(medicine)) vmpOf.set(medicine, codes.snomed(random));
    return vmpOf.get(medicine)!;
  };
  const newLine = (pack: MedicinePack, category: string): Line => ({
    ...pack,
    vmp: vmp(pack.medicine),
    vmpp: codes.snomed(random),
    category,
    price: random.int(category === "C" ? 150 : 60, category === "C" ? 40_000 : 4_000),
  });
  let lines: Line[] = pool
    .slice(0, size.viiia)
    .map((pack) => newLine(pack, random.pick(["C", "C", "C", "C", "C", "C", "C", "M", "M", "A"])));
  let unused = pool.slice(size.viiia);

  let specials: Special[] = specialNames(random).map((name) => ({
    ...name,
    vmp: codes.snomed(random),
    minVmpp: codes.snomed(random),
    addVmpp: codes.snomed(random),
    formulations: random.pick(specialFormulations),
    special: random.chance(0.05),
    price: random.int(1_500, 25_000),
    extra: random.int(1, 40),
  }));

  const viiid = Array.from({ length: 40 }, () => {
    const pack = random.pick(pool);
    return {
      ...pack,
      vmp: vmp(pack.medicine),
      vmpp: codes.snomed(random),
      formulations: "STD",
      special: random.chance(0.3),
      price: random.int(400, 15_000),
    };
  });
  // One VMPP listed twice with a note in Formulations, as Bisacodyl enema is in the real list.
  viiid.push({ ...viiid[0]!, formulations: "(in 37ml bottle)", price: viiid[0]!.price + 120 });

  const newAppliance = (): Appliance => {
    const type = random.pick(applianceTypes);
    const size = random.pick(applianceSizes);
    const brand = brandName(random);
    return {
      part: random.chance(0.01) ? "IXR" : type.part,
      supplier: random.pick(applianceSuppliers),
      vmpName: `${type.name} ${size}`,
      ampName: `${brand} ${type.name.split(" ")[0]!.toLowerCase()} ${size}`,
      size,
      quantity: random.pick([1, 5, 10, 10, 30, 50]),
      unit: type.unit,
      price: random.int(20, 9_000),
      product: codes.snomed(random),
      pack: codes.snomed(random),
      gtin: random.chance(0.8) ? `0${random.int(5_000_000, 5_999_999)}${random.int(100_000, 999_999)}` : null,
      bnf: `${type.bnf}${random.int(100, 999)}`,
    };
  };
  let appliances: Appliance[] = Array.from({ length: size.appliances }, newAppliance);
  // Generic lines with no pack code and no AMP name, kept as the real Part IX has them.
  for (let i = 0; i < 5; i++)
    appliances.push({
      ...newAppliance(),
      supplier: "Generic Supplier",
      ampName: null,
      product: null,
      pack: null,
      gtin: null,
    });

  const listed = (count: number): Listed[] =>
    Array.from({ length: count }, () => ({
      medicine: `${brandName(random)} ${random.pick(["tablets", "capsules", "oral solution", "cream", "lozenges", "linctus"])}`,
      supplier: random.pick(brandSuppliers),
      category: random.pick(blacklistCategories),
      code: codes.snomed(random),
    }));
  let blacklist = listed(70);
  let partXi = listed(50);
  const borderline = Array.from({ length: 40 }, () => ({
    product: `${brandName(random)} ${random.pick(["liquid", "powder", "pudding", "compact drink"])}`,
    packSize: random.pick([125, 200, 400, 500]),
    unit: random.pick(["ml", "gram"]),
    ampp: codes.snomed(random),
    supplier: random.pick(brandSuppliers),
    price: random.int(150, 4_500),
    conditions: random.pick(borderlineConditions),
  }));
  const niFactor = new Map<string, number>();
  let onConcession: Line[] = [];

  for (let index = 0; index < options.months; index++) {
    const period = addMonths(start, index);
    const { month } = splitPeriod(period);
    const quarterStart = [1, 4, 7, 10].includes(month);

    if (index > 0) {
      const deleted = new Set(
        random.sample(
          lines.filter((line) => line.category !== "M"),
          random.int(2, 9),
        ),
      );
      lines = lines.filter((line) => !deleted.has(line));
      for (const pack of unused.splice(0, random.int(2, 7)))
        lines.push(newLine(pack, random.chance(0.8) ? "C" : "A"));
      // A pack replaced by another of the same product (a new VMPP).
      if (random.chance(0.4)) {
        const old = random.pick(lines.filter((line) => line.category === "C"));
        lines = lines.filter((line) => line !== old);
        lines.push({ ...old, vmpp: codes.snomed(random) });
      }
      for (const line of lines) {
        if ((line.category === "C" || line.category === "H") && random.chance(0.02))
          line.price = random.move(line.price, 0.85, 1.5);
        if (quarterStart && (line.category === "A" || line.category === "M") && random.chance(0.85))
          line.price = random.move(line.price, 0.7, 1.25);
      }
      if (quarterStart) {
        const move = (from: string, to: string, count: number) => {
          for (const line of random.sample(
            lines.filter((l) => l.category === from),
            count,
          ))
            line.category = to;
        };
        move("C", "A", random.int(4, 12));
        move("A", "M", random.int(1, 6));
        move("M", "C", random.int(1, 4));
        move("A", "C", random.int(0, 3));
      }
      // Category H arrives in phases: Category C lines supplied by several makers move across.
      if (index === options.months - 9 || index === options.months - 3) {
        for (const line of random.sample(
          lines.filter((l) => l.category === "C"),
          index === options.months - 9 ? 11 : 6,
        ))
          line.category = "H";
      }
      for (const special of specials) {
        if (quarterStart && random.chance(0.7)) special.price = random.move(special.price, 0.9, 1.15);
        if (random.chance(0.03)) special.extra = Math.max(1, special.extra + random.int(-2, 3));
      }
      if (random.chance(0.3)) specials = specials.filter((special) => special !== random.pick(specials));
      for (const row of viiid)
        if (quarterStart && random.chance(0.5)) row.price = random.move(row.price, 0.9, 1.15);
      for (const appliance of appliances) {
        if (month === 6) appliance.price = random.move(appliance.price, 1.02, 1.04);
        else if (random.chance(0.02)) appliance.price = random.move(appliance.price, 1.01, 1.1);
      }
      const removed = new Set(
        random.sample(
          appliances.filter((a) => a.pack),
          random.int(3, 10),
        ),
      );
      appliances = [
        ...appliances.filter((a) => !removed.has(a)),
        ...Array.from({ length: random.int(5, 15) }, newAppliance),
      ];
      if (quarterStart) {
        blacklist = [...blacklist.slice(random.int(0, 2)), ...listed(random.int(0, 2))];
        partXi = [...partXi.slice(random.int(0, 1)), ...listed(random.int(0, 1))];
      }
    }
    unused = unused.filter(
      (pack) => !lines.some((line) => line.medicine === pack.medicine && line.packSize === pack.packSize),
    );
    const sorted = [...lines].sort((a, b) => a.medicine.localeCompare(b.medicine) || a.packSize - b.packSize);
    const mon = monthWord(period);
    const short = `${mon.slice(0, 3)} ${shortYear(period)}`;
    const long = `${mon} ${splitPeriod(period).year}`;

    // Publishers' naming drifts: `.xls.csv`, `Sept`, a `_0` suffix, the `20251` typo.
    const viiiaName =
      month === 12 && splitPeriod(period).year % 2 === 1
        ? `Part VIIIA ${mon} ${splitPeriod(period).year}1.csv`
        : month === 9
          ? `Part VIIIA Sept ${shortYear(period)}.csv`
          : index % 3 === 0
            ? `Part VIIIA ${short}.xls.csv`
            : index % 7 === 0
              ? `Part VIIIA ${short}_0.csv`
              : `Part VIIIA ${short}.csv`;
    write(
      period,
      path.join(period, viiiaName),
      nhsbsaCsv({
        title: `${mon} Drug Tariff Part VIIIA`,
        header: headers.viiia,
        rows: sorted.map((line) => [
          line.medicine,
          line.packSize,
          line.unit,
          line.vmp,
          line.vmpp,
          `Part VIIIA Category ${line.category}`,
          line.price,
        ]),
        trailingBlankRows: 2,
      }),
    );

    if (quarterStart || index === 0) {
      const quarter = quarterOfMonth(month);
      write(
        period,
        path.join(period, `Cat M Prices - Quarter ${quarter} ${short}.csv`),
        nhsbsaCsv({
          title: `Category M Prices - Quarter ${quarter}`,
          header: headers.catM,
          rows: sorted
            .filter((line) => line.category === "M")
            .map((line) => [line.vmpp, line.medicine, line.packSize, line.unit, line.price]),
        }),
      );
    }

    const viiibRows: Cell[][] = [];
    for (const special of [...specials].sort((a, b) => a.medicine.localeCompare(b.medicine))) {
      const common = [special.vmp];
      if (!special.special)
        viiibRows.push([
          ...common,
          special.addVmpp,
          special.medicine,
          1,
          special.unit,
          special.formulations,
          "",
          special.extra,
        ]);
      viiibRows.push([
        ...common,
        special.minVmpp,
        special.medicine,
        special.minimum,
        special.unit,
        special.formulations,
        special.special ? "Special container" : "",
        special.price,
      ]);
    }
    write(
      period,
      path.join(period, `Part VIIIB ${short}${index % 4 === 1 ? "_0" : ""}.csv`),
      nhsbsaCsv({ title: `${mon} Drug Tariff Part VIIIB`, header: headers.viiib, rows: viiibRows }),
    );
    write(
      period,
      path.join(period, `Part VIIID ${short}${index % 5 === 2 ? " (1)" : ""}.csv`),
      nhsbsaCsv({
        title: `${mon} Drug Tariff Part VIIID`,
        header: headers.viiid,
        rows: [...viiid]
          .sort((a, b) => a.medicine.localeCompare(b.medicine))
          .map((row) => [
            row.vmp,
            row.vmpp,
            row.medicine,
            row.packSize,
            row.unit,
            row.formulations,
            row.special ? "Special container" : "",
            row.price,
          ]),
      }),
    );

    // Part IX header names drift month to month (`Suppier Name`, `BNF 15`, `QTY`).
    const ixHeader = [...headers.ix];
    if (index % 3 === 1) Object.assign(ixHeader, { 1: "Suppier Name", 16: "BNF 15" });
    if (index % 3 === 2) Object.assign(ixHeader, { 6: "QTY", 7: "UOM QTY" });
    const ixRows = appliances.map((a) => [
      a.part,
      a.supplier,
      a.vmpName,
      a.ampName,
      "",
      a.size,
      a.quantity,
      a.unit,
      "",
      "",
      a.price,
      a.unit === "bag" ? "Bulky Item" : "Normal Item",
      a.product,
      a.pack,
      a.gtin,
      "2075901000001102",
      a.bnf,
    ]);
    write(
      period,
      path.join(
        period,
        index % 6 === 4 ? `Drug Tariff ${long} Part IX.csv` : `Drug Tariff Part IX ${long}.csv`,
      ),
      nhsbsaCsv({ title: `${mon} Drug Tariff Part IX`, header: ixHeader, rows: ixRows }),
    );

    // Northern Ireland, in our CSV formats: Part I mirrors Part VIIIA (without Category H) at its
    // own prices; Parts II & III list about two in five of the same appliances, the same ones each month.
    const writeOurs = (name: string, title: string, header: string[], rows: Cell[][]) =>
      write(period, path.join(period, name), plainCsv({ title, header, rows }));
    const niTitle = (part: string) => `${long} Northern Ireland Drug Tariff ${part}`;
    const niLines = sorted.filter((line) => Number(line.vmpp.slice(-4, -3)) % 7 !== 0);
    writeOurs(
      `NI Drug Tariff Part I ${long}.csv`,
      niTitle("Part I"),
      ourHeaders.niPartI,
      niLines.map((line) => {
        if (!niFactor.has(line.vmpp)) niFactor.set(line.vmpp, 0.95 + random.next() * 0.13);
        const category = line.category === "H" ? "C" : line.category;
        const price = Math.round(line.price * niFactor.get(line.vmpp)!);
        return [
          line.medicine,
          line.packSize,
          line.unit,
          line.vmp,
          line.vmpp,
          `Part I Category ${category}`,
          price,
        ];
      }),
    );
    const niParts: Record<string, string> = { IXA: "IIId", IXB: "IIIc", IXC: "IIIb", IXR: "II" };
    writeOurs(
      `NI Drug Tariff Part II & III ${long}.csv`,
      niTitle("Part II & III"),
      headers.ix,
      ixRows
        .filter((row) => Number(String(row[13] ?? "0").slice(-5, -4)) % 5 < 2)
        .map((row) => [niParts[String(row[0])] ?? "III", ...row.slice(1)]),
    );

    // The lists change rarely: written each quarter.
    if (quarterStart || index === 0) {
      const listRows = (items: Listed[]) =>
        [...items]
          .sort((a, b) => a.medicine.localeCompare(b.medicine))
          .map((item) => [item.medicine, item.supplier, item.category, item.code, ""]);
      writeOurs(`Part XVIIIA ${long}.csv`, `Part XVIIIA ${long}`, ourHeaders.blacklist, listRows(blacklist));
      writeOurs(
        `NI Drug Tariff Part XI ${long}.csv`,
        niTitle("Part XI"),
        ourHeaders.blacklist,
        listRows(partXi),
      );
      writeOurs(
        `NI Drug Tariff Part X ${long}.csv`,
        niTitle("Part X"),
        ourHeaders.borderline,
        borderline.map((item) => [
          item.product,
          item.packSize,
          item.unit,
          item.ampp,
          item.supplier,
          item.price,
          item.conditions,
        ]),
      );
      writeOurs(
        `NI Zero Discount List ${long}.csv`,
        niTitle("Zero Discount List"),
        ourHeaders.zeroDiscount,
        sorted
          .filter((line) => /injection|patches|inhaler/.test(line.medicine))
          .slice(0, 40)
          .map((line) => [
            line.medicine,
            line.packSize,
            line.unit,
            line.vmpp,
            "",
            random.pick(["Cold chain", "Controlled drug", "Individual item"]),
          ]),
      );
    }

    // Concessions: a list that grows and shrinks month to month, well above the tariff price.
    const candidates = lines.filter((line) => line.price < 3_000 && line.category !== "H");
    onConcession = [
      ...random.sample(
        onConcession.filter((line) => lines.includes(line)),
        Math.floor(onConcession.length * 0.6),
      ),
      ...random.sample(candidates, random.int(20, 45)),
    ];
    onConcession = [...new Set(onConcession)];
    const entries = onConcession.map((line): ConcessionEntry => {
      const price = random.move(line.price, 1.3, 3.5);
      let drug = line.medicine;
      if (random.chance(0.05)) drug = drug.replace("microgram", "mcg");
      if (random.chance(0.03)) drug = `${drug} (new)`;
      const style = random.next();
      const text =
        style < 0.85
          ? `£${poundsFigure(price)}`
          : style < 0.93
            ? poundsFigure(price)
            : style < 0.97 && price % 10 === 0
              ? poundsFigure(price).replace(/0$/, "")
              : `£${poundsFigure(price)} (previously £${poundsFigure(line.price)})`;
      return {
        drug,
        packSize: line.unit === "ml" ? `${line.packSize}ml` : String(line.packSize),
        price: text,
      };
    });
    entries.push({
      drug: `${brandName(random)} ${random.pick(["10mg", "20mg"])} tablets`,
      packSize: "28",
      price: `£${poundsFigure(random.int(300, 3_000))}`,
    });
    concessionMonths.push({ period, entries: entries.sort((a, b) => a.drug.localeCompare(b.drug)) });
  }

  // The archive page holds every month but the current one: the last year under month headings,
  // older months grouped under their year with the month in a paragraph.
  const archived = concessionMonths.slice(0, -1).reverse();
  write(
    archived[0]?.period ?? options.to,
    "concessions/price_concessions_archive.html",
    concessionsArchivePage(
      archived.map((month, i) => ({
        month: `${monthWord(month.period)} ${splitPeriod(month.period).year}`,
        grouped: i >= 12,
        entries: month.entries,
      })),
    ),
  );
  const current = concessionMonths.at(-1)!;
  write(
    current.period,
    "concessions/price_concessions.html",
    concessionsPage({
      month: `${monthWord(current.period)} ${splitPeriod(current.period).year}`,
      updated: `19th ${monthWord(current.period)} ${splitPeriod(current.period).year}`,
      entries: current.entries,
    }),
  );

  writeDmd(options, random, codes, lines, write);
  return files;
}

/** A dm+d-shaped release for the last month: branded packs of some Part VIIIA products, with flags. */
function writeDmd(
  options: SampleOptions,
  random: Random,
  codes: Codes,
  lines: Line[],
  write: (period: Period, name: string, content: string) => void,
) {
  const { year, month } = splitPeriod(options.to);
  const stamp = `01${String(month).padStart(2, "0")}${String(year).slice(2)}`;
  const chosen = random.sample(lines, 250);
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
  const vmps = new Map<string, XmlRecord>();
  const vmpps: XmlRecord[] = [];
  const tariff: XmlRecord[] = [];
  const amps: XmlRecord[] = [];
  const ampps: XmlRecord[] = [];
  const prices: XmlRecord[] = [];
  const reimbursement: XmlRecord[] = [];
  const prescribing: XmlRecord[] = [];
  const gtins: XmlRecord[] = [];
  for (const line of chosen) {
    const generic = line.medicine.replace(/ (tablets|capsules).*$/, "");
    vmps.set(line.vmp, {
      tag: "VMP",
      fields: [
        ["VPID", line.vmp],
        ["NM", line.medicine],
        ["PRES_STATCD", "0001"],
      ],
    });
    vmpps.push({
      tag: "VMPP",
      fields: [
        ["VPPID", line.vmpp],
        ["NM", `${line.medicine} ${line.packSize} ${line.unit}`],
        ["VPID", line.vmp],
        ["QTYVAL", String(line.packSize)],
        ["QTY_UOMCD", units[line.unit] ?? "3317411000001100"],
      ],
    });
    tariff.push({
      tag: "DTINFO",
      fields: [
        ["VPPID", line.vmpp],
        ["PAY_CATCD", payment[line.category] ?? "0003"],
        ["PRICE", String(line.price)],
        ["DT", `${options.to}-01`],
      ],
    });
    for (let i = 0; i < random.int(1, 2); i++) {
      const supplier = random.pick(suppliers);
      const brand = `${brandName(random)} ${line.medicine.slice(generic.length + 1)}`;
      const apid = codes.snomed(random);
      const appid = codes.snomed(random);
      const name = `${brand} (${supplier.name}) ${line.packSize} ${line.unit}`;
      const discontinued = random.chance(0.04);
      amps.push({
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
      ampps.push({
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
      prices.push({
        tag: "PRICE_INFO",
        fields: [
          ["APPID", appid],
          ["PRICE", String(indicative)],
          ["PRICEDT", `${year - 1}-0${random.int(1, 9)}-01`],
          ["PRICE_PREV", String(random.move(indicative, 0.85, 1))],
          ["PRICE_BASISCD", "0001"],
        ],
      });
      reimbursement.push({
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
      prescribing.push({
        tag: "PRESCRIB_INFO",
        fields: [
          ["APPID", appid],
          ["ACBS", random.chance(0.03) ? "0001" : null],
          ["DENT_F", random.chance(0.05) ? "0001" : null],
          ["NURSE_F", random.chance(0.05) ? "0001" : null],
        ],
      });
      gtins.push({
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
  }
  const lookup = (entries: [string, string][]): XmlRecord[] =>
    entries.map(([code, desc]) => ({
      tag: "INFO",
      fields: [
        ["CD", code],
        ["DESC", desc],
      ],
    }));
  const release = (name: string, content: string) =>
    write(options.to, path.join("dmd", `${name}_${name === "f_gtin2" ? "0" : "3"}${stamp}.xml`), content);
  release(
    "f_vmp2",
    dmdXml("VIRTUAL_MED_PRODUCTS", "vmp_v2_3.xsd", [{ tag: "VMPS", records: [...vmps.values()] }]),
  );
  release(
    "f_vmpp2",
    dmdXml("VIRTUAL_MED_PRODUCT_PACK", "vmpp_v2_3.xsd", [
      { tag: "VMPPS", records: vmpps },
      { tag: "DRUG_TARIFF_INFO", records: tariff },
    ]),
  );
  release("f_amp2", dmdXml("ACTUAL_MEDICINAL_PRODUCTS", "amp_v2_3.xsd", [{ tag: "AMPS", records: amps }]));
  release(
    "f_ampp2",
    dmdXml("ACTUAL_MEDICINAL_PROD_PACKS", "ampp_v2_3.xsd", [
      { tag: "AMPPS", records: ampps },
      { tag: "APPLIANCE_PACK_INFO", records: [] },
      { tag: "DRUG_PRODUCT_PRESCRIB_INFO", records: prescribing },
      { tag: "MEDICINAL_PRODUCT_PRICE", records: prices },
      { tag: "REIMBURSEMENT_INFO", records: reimbursement },
    ]),
  );
  release("f_gtin2", dmdXml("GTIN_DETAILS", "gtin_v2_0.xsd", [{ tag: "AMPPS", records: gtins }]));
  release(
    "f_lookup2",
    dmdXml("LOOKUP", "lookup_v2_3.xsd", [
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
    ]),
  );
}
