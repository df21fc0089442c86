import {
  concessionsArchivePage,
  concessionsPage,
  type ConcessionEntry,
} from "@/features/imports/layout-writers";
import { poundsFigure, type Period } from "@/lib/tariff-vocabulary";

import { brandName } from "./catalogue";
import type { SampleContext, SampleMonth } from "./context";
import type { Line } from "./part-viiia";

type ConcessionMonth = { period: Period; long: string; entries: ConcessionEntry[] };

/**
 * The price concessions: a list that grows and shrinks month to month, well above the tariff price,
 * written as CPE's two pages: the current month's, and the archive of every earlier one.
 */
export class Concessions {
  private onConcession: Line[] = [];
  private readonly months: ConcessionMonth[] = [];

  constructor(private readonly context: SampleContext) {}

  /** The month's concessions, drawn from Part VIIIA's lines as listed that month. */
  nextMonth({ period, long }: SampleMonth, lines: Line[]) {
    const { random } = this.context;
    const candidates = lines.filter((line) => line.price < 3_000 && line.category !== "H");
    this.onConcession = [
      ...random.sample(
        this.onConcession.filter((line) => lines.includes(line)),
        Math.floor(this.onConcession.length * 0.6),
      ),
      ...random.sample(candidates, random.int(20, 45)),
    ];
    this.onConcession = [...new Set(this.onConcession)];
    const entries = this.onConcession.map((line) => this.entry(line));
    entries.push({
      drug: `${brandName(random)} ${random.pick(["10mg", "20mg"])} tablets`,
      packSize: "28",
      price: `£${poundsFigure(random.int(300, 3_000))}`,
    });
    this.months.push({ period, long, entries: entries.sort((a, b) => a.drug.localeCompare(b.drug)) });
  }

  /** A line as CPE lists it: its name as written there, its price in one of the ways they write it. */
  private entry(line: Line): ConcessionEntry {
    const { random } = this.context;
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
  }

  /**
   * The archive page holds every month but the current one: the last year under month headings,
   * older months grouped under their year with the month in a paragraph.
   */
  write(to: Period) {
    const { write } = this.context;
    const archived = this.months.slice(0, -1).reverse();
    write(
      archived[0]?.period ?? to,
      "concessions/price_concessions_archive.html",
      concessionsArchivePage(
        archived.map((month, i) => ({ month: month.long, grouped: i >= 12, entries: month.entries })),
      ),
    );
    const current = this.months.at(-1)!;
    write(
      current.period,
      "concessions/price_concessions.html",
      concessionsPage({ month: current.long, updated: `19th ${current.long}`, entries: current.entries }),
    );
  }
}
