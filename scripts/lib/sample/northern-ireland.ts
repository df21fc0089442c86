import path from "node:path";

import { headers, ourHeaders, plainCsv, type Cell } from "@/features/imports/layout-writers";
import type { Period } from "@/lib/tariff-vocabulary";

import type { SampleContext, SampleMonth, WriteFile } from "./context";
import type { Line } from "./part-viiia";

/** A file in one of our own CSV formats, in the month's folder. */
export function writeOurCsv(
  write: WriteFile,
  period: Period,
  name: string,
  table: { title: string; header: string[]; rows: Cell[][] },
) {
  write(period, path.join(period, name), plainCsv(table));
}

/** The title of a Northern Ireland file: `June 2026 Northern Ireland Drug Tariff Part I`. */
export const niTitle = (month: SampleMonth, part: string) =>
  `${month.long} Northern Ireland Drug Tariff ${part}`;

const niParts: Record<string, string> = { IXA: "IIId", IXB: "IIIc", IXC: "IIIb", IXR: "II" };

/**
 * Northern Ireland, in our CSV formats: Part I mirrors Part VIIIA (without Category H) at its own
 * prices; Parts II & III list about two in five of the same appliances, the same ones each month.
 */
export class NorthernIreland {
  /** Each pack's price against England's, drawn once. */
  private readonly factors = new Map<string, number>();

  constructor(private readonly context: SampleContext) {}

  /** Part I, from the month's Part VIIIA lines as listed. */
  writePartI(month: SampleMonth, sorted: Line[]) {
    const { random, write } = this.context;
    const lines = sorted.filter((line) => Number(line.vmpp.slice(-4, -3)) % 7 !== 0);
    writeOurCsv(write, month.period, `NI Drug Tariff Part I ${month.long}.csv`, {
      title: niTitle(month, "Part I"),
      header: ourHeaders.niPartI,
      rows: lines.map((line) => {
        if (!this.factors.has(line.vmpp)) this.factors.set(line.vmpp, 0.95 + random.next() * 0.13);
        const category = line.category === "H" ? "C" : line.category;
        const price = Math.round(line.price * this.factors.get(line.vmpp)!);
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
    });
  }

  /** Parts II & III, from the month's Part IX rows. */
  writePartsIIAndIII(month: SampleMonth, ixRows: Cell[][]) {
    writeOurCsv(this.context.write, month.period, `NI Drug Tariff Part II & III ${month.long}.csv`, {
      title: niTitle(month, "Part II & III"),
      header: headers.ix,
      rows: ixRows
        .filter((row) => Number(String(row[13] ?? "0").slice(-5, -4)) % 5 < 2)
        .map((row) => [niParts[String(row[0])] ?? "III", ...row.slice(1)]),
    });
  }
}
