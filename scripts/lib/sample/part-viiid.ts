import path from "node:path";

import { headers, nhsbsaCsv } from "@/features/imports/layout-writers";

import type { MedicinePack } from "./catalogue";
import type { SampleContext, SampleMonth } from "./context";

type Row = MedicinePack & {
  vmp: string;
  vmpp: string;
  formulations: string;
  special: boolean;
  price: number;
};

/** Part VIIID: 40 packs of the medicines Part VIIIA can list, half of them repriced each quarter. */
export class PartViiid {
  private readonly rows: Row[];

  constructor(
    private readonly context: SampleContext,
    pool: MedicinePack[],
  ) {
    const { random, codes } = context;
    this.rows = Array.from({ length: 40 }, () => {
      const pack = random.pick(pool);
      return {
        ...pack,
        vmp: codes.vmp(pack.medicine),
        vmpp: codes.snomed(),
        formulations: "STD",
        special: random.chance(0.3),
        price: random.int(400, 15_000),
      };
    });
    // One VMPP listed twice with a note in Formulations, as Bisacodyl enema is in the real list.
    this.rows.push({ ...this.rows[0]!, formulations: "(in 37ml bottle)", price: this.rows[0]!.price + 120 });
  }

  nextMonth(month: SampleMonth) {
    const { random } = this.context;
    for (const row of this.rows)
      if (month.quarterStart && random.chance(0.5)) row.price = random.move(row.price, 0.9, 1.15);
  }

  write({ period, index, name, short }: SampleMonth) {
    this.context.write(
      period,
      path.join(period, `Part VIIID ${short}${index % 5 === 2 ? " (1)" : ""}.csv`),
      nhsbsaCsv({
        title: `${name} Drug Tariff Part VIIID`,
        header: headers.viiid,
        rows: [...this.rows]
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
  }
}
