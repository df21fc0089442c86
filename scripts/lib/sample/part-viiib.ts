import path from "node:path";

import { headers, nhsbsaCsv, type Cell } from "@/features/imports/layout-writers";

import { specialFormulations, specialNames } from "./catalogue";
import type { SampleContext, SampleMonth } from "./context";

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

/**
 * Part VIIIB, the specials: a price for a minimum quantity and one for each further unit, repriced
 * now and then at a quarter's start; a special is delisted now and then.
 */
export class PartViiib {
  private specials: Special[];

  constructor(private readonly context: SampleContext) {
    const { random, codes } = context;
    this.specials = specialNames(random).map((name) => ({
      ...name,
      vmp: codes.snomed(),
      minVmpp: codes.snomed(),
      addVmpp: codes.snomed(),
      formulations: random.pick(specialFormulations),
      special: random.chance(0.05),
      price: random.int(1_500, 25_000),
      extra: random.int(1, 40),
    }));
  }

  nextMonth(month: SampleMonth) {
    const { random } = this.context;
    for (const special of this.specials) {
      if (month.quarterStart && random.chance(0.7)) special.price = random.move(special.price, 0.9, 1.15);
      if (random.chance(0.03)) special.extra = Math.max(1, special.extra + random.int(-2, 3));
    }
    if (random.chance(0.3))
      this.specials = this.specials.filter((special) => special !== random.pick(this.specials));
  }

  write({ period, index, name, short }: SampleMonth) {
    const rows: Cell[][] = [];
    for (const special of [...this.specials].sort((a, b) => a.medicine.localeCompare(b.medicine))) {
      const common = [special.vmp];
      if (!special.special)
        rows.push([
          ...common,
          special.addVmpp,
          special.medicine,
          1,
          special.unit,
          special.formulations,
          "",
          special.extra,
        ]);
      rows.push([
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
    this.context.write(
      period,
      path.join(period, `Part VIIIB ${short}${index % 4 === 1 ? "_0" : ""}.csv`),
      nhsbsaCsv({ title: `${name} Drug Tariff Part VIIIB`, header: headers.viiib, rows }),
    );
  }
}
