import path from "node:path";

import { headers, nhsbsaCsv, type Cell } from "@/features/imports/layout-writers";

import { applianceSizes, applianceSuppliers, applianceTypes, brandName } from "./catalogue";
import type { SampleContext, SampleMonth } from "./context";

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

/**
 * Part IX, the appliances: prices rise each June and a few at other times; a few packs are delisted
 * and others added each month.
 */
export class PartIx {
  private appliances: Appliance[];

  constructor(
    private readonly context: SampleContext,
    size: number,
  ) {
    this.appliances = Array.from({ length: size }, () => this.newAppliance());
    // Generic lines with no pack code and no AMP name, kept as the real Part IX has them.
    for (let i = 0; i < 5; i++)
      this.appliances.push({
        ...this.newAppliance(),
        supplier: "Generic Supplier",
        ampName: null,
        product: null,
        pack: null,
        gtin: null,
      });
  }

  private newAppliance(): Appliance {
    const { random, codes } = this.context;
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
      product: codes.snomed(),
      pack: codes.snomed(),
      gtin: random.chance(0.8) ? `0${random.int(5_000_000, 5_999_999)}${random.int(100_000, 999_999)}` : null,
      bnf: `${type.bnf}${random.int(100, 999)}`,
    };
  }

  nextMonth(month: SampleMonth) {
    const { random } = this.context;
    for (const appliance of this.appliances) {
      if (month.month === 6) appliance.price = random.move(appliance.price, 1.02, 1.04);
      else if (random.chance(0.02)) appliance.price = random.move(appliance.price, 1.01, 1.1);
    }
    const removed = new Set(
      random.sample(
        this.appliances.filter((a) => a.pack),
        random.int(3, 10),
      ),
    );
    this.appliances = [
      ...this.appliances.filter((a) => !removed.has(a)),
      ...Array.from({ length: random.int(5, 15) }, () => this.newAppliance()),
    ];
  }

  /** The month's rows, in Part IX's column order. */
  rows(): Cell[][] {
    return this.appliances.map((a) => [
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
  }

  write({ period, index, name, long }: SampleMonth, rows: Cell[][]) {
    // Part IX header names drift month to month (`Suppier Name`, `BNF 15`, `QTY`).
    const header = [...headers.ix];
    if (index % 3 === 1) Object.assign(header, { 1: "Suppier Name", 16: "BNF 15" });
    if (index % 3 === 2) Object.assign(header, { 6: "QTY", 7: "UOM QTY" });
    this.context.write(
      period,
      path.join(
        period,
        index % 6 === 4 ? `Drug Tariff ${long} Part IX.csv` : `Drug Tariff Part IX ${long}.csv`,
      ),
      nhsbsaCsv({ title: `${name} Drug Tariff Part IX`, header, rows }),
    );
  }
}
