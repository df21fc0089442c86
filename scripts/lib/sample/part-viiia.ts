import path from "node:path";

import { quarterOfMonth } from "@/lib/tariff-vocabulary";
import { headers, nhsbsaCsv } from "@/features/imports/layout-writers";

import { medicinePacks, type MedicinePack } from "./catalogue";
import { shortYear, type SampleContext, type SampleMonth } from "./context";
import type { Random } from "./random";

export type Line = MedicinePack & { vmp: string; vmpp: string; category: string; price: number };

/**
 * The packs Part VIIIA can list. At real scale the catalogue's packs come again in further pack
 * sizes, as the real list has several per product.
 */
export function medicinePool(random: Random, real: boolean): MedicinePack[] {
  const catalogue = medicinePacks(random);
  if (!real) return catalogue;
  return [1, 2, 3, 4, 6, 8, 10].flatMap((times) =>
    catalogue.map((pack) => (times === 1 ? pack : { ...pack, packSize: pack.packSize * times })),
  );
}

/**
 * Part VIIIA, most lines Category C and priced as generics are. Month to month lines come and go,
 * packs are replaced, Category C moves every month and Categories A and M each quarter, lines change
 * category, and Category H arrives in two phases.
 */
export class PartViiia {
  /** In the order they were listed, which the concessions and dm+d draw from. */
  lines: Line[];
  private unused: MedicinePack[];

  constructor(
    private readonly context: SampleContext,
    pool: MedicinePack[],
    size: number,
  ) {
    const { random } = context;
    this.lines = pool
      .slice(0, size)
      .map((pack) => this.newLine(pack, random.pick(["C", "C", "C", "C", "C", "C", "C", "M", "M", "A"])));
    this.unused = pool.slice(size);
    this.forgetListed();
  }

  private newLine(pack: MedicinePack, category: string): Line {
    const { random, codes } = this.context;
    return {
      ...pack,
      vmp: codes.vmp(pack.medicine),
      vmpp: codes.snomed(),
      category,
      price: random.int(category === "C" ? 150 : 60, category === "C" ? 40_000 : 4_000),
    };
  }

  /** Packs listed now are not offered as new ones. */
  private forgetListed() {
    this.unused = this.unused.filter(
      (pack) =>
        !this.lines.some((line) => line.medicine === pack.medicine && line.packSize === pack.packSize),
    );
  }

  nextMonth(month: SampleMonth) {
    this.addAndRemove();
    this.reprice(month);
    if (month.quarterStart) this.moveCategories();
    this.addCategoryH(month);
    this.forgetListed();
  }

  private addAndRemove() {
    const { random, codes } = this.context;
    const deleted = new Set(
      random.sample(
        this.lines.filter((line) => line.category !== "M"),
        random.int(2, 9),
      ),
    );
    this.lines = this.lines.filter((line) => !deleted.has(line));
    for (const pack of this.unused.splice(0, random.int(2, 7)))
      this.lines.push(this.newLine(pack, random.chance(0.8) ? "C" : "A"));
    // A pack replaced by another of the same product (a new VMPP).
    if (random.chance(0.4)) {
      const old = random.pick(this.lines.filter((line) => line.category === "C"));
      this.lines = this.lines.filter((line) => line !== old);
      this.lines.push({ ...old, vmpp: codes.snomed() });
    }
  }

  private reprice(month: SampleMonth) {
    const { random } = this.context;
    for (const line of this.lines) {
      if ((line.category === "C" || line.category === "H") && random.chance(0.02))
        line.price = random.move(line.price, 0.85, 1.5);
      if (month.quarterStart && (line.category === "A" || line.category === "M") && random.chance(0.85))
        line.price = random.move(line.price, 0.7, 1.25);
    }
  }

  private moveCategories() {
    const { random } = this.context;
    const move = (from: string, to: string, count: number) => {
      for (const line of random.sample(
        this.lines.filter((l) => l.category === from),
        count,
      ))
        line.category = to;
    };
    move("C", "A", random.int(4, 12));
    move("A", "M", random.int(1, 6));
    move("M", "C", random.int(1, 4));
    move("A", "C", random.int(0, 3));
  }

  /** Category H arrives in phases: Category C lines supplied by several makers move across. */
  private addCategoryH({ index, count }: SampleMonth) {
    if (index !== count - 9 && index !== count - 3) return;
    for (const line of this.context.random.sample(
      this.lines.filter((l) => l.category === "C"),
      index === count - 9 ? 11 : 6,
    ))
      line.category = "H";
  }

  /** The lines as the list prints them, by name and pack size. */
  sorted(): Line[] {
    return [...this.lines].sort((a, b) => a.medicine.localeCompare(b.medicine) || a.packSize - b.packSize);
  }

  /** The month's Part VIIIA, and each quarter the Category M prices. */
  write(month: SampleMonth, sorted: Line[]) {
    const { write } = this.context;
    const { period, name } = month;
    write(
      period,
      path.join(period, viiiaFileName(month)),
      nhsbsaCsv({
        title: `${name} Drug Tariff Part VIIIA`,
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
    if (!month.quarterly) return;
    const quarter = quarterOfMonth(month.month);
    write(
      period,
      path.join(period, `Cat M Prices - Quarter ${quarter} ${month.short}.csv`),
      nhsbsaCsv({
        title: `Category M Prices - Quarter ${quarter}`,
        header: headers.catM,
        rows: sorted
          .filter((line) => line.category === "M")
          .map((line) => [line.vmpp, line.medicine, line.packSize, line.unit, line.price]),
      }),
    );
  }
}

/** Publishers' naming drifts: `.xls.csv`, `Sept`, a `_0` suffix, the `20251` typo. */
function viiiaFileName({ period, index, month, year, name, short }: SampleMonth): string {
  if (month === 12 && year % 2 === 1) return `Part VIIIA ${name} ${year}1.csv`;
  if (month === 9) return `Part VIIIA Sept ${shortYear(period)}.csv`;
  if (index % 3 === 0) return `Part VIIIA ${short}.xls.csv`;
  if (index % 7 === 0) return `Part VIIIA ${short}_0.csv`;
  return `Part VIIIA ${short}.csv`;
}
