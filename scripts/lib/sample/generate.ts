import { addMonths, type Period } from "@/lib/tariff-vocabulary";

import { Concessions } from "./concessions";
import { Codes, openSampleFolder, sampleMonth, type SampleFile } from "./context";
import { writeDmd } from "./dmd";
import { Lists } from "./lists";
import { NorthernIreland } from "./northern-ireland";
import { PartIx } from "./part-ix";
import { medicinePool, PartViiia } from "./part-viiia";
import { PartViiib } from "./part-viiib";
import { PartViiid } from "./part-viiid";
import { Random } from "./random";

export type { SampleFile } from "./context";

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

/**
 * Each part is drawn from one random stream in a fixed order (the order of the parts, then of the
 * months), so changing the order of these calls changes every file after it.
 */
export function generateSample(options: SampleOptions): SampleFile[] {
  const random = new Random(options.seed);
  const codes = new Codes(random);
  const folder = openSampleFolder(options.folder);
  const context = { random, codes, write: folder.write };
  const size = sizes[options.scale ?? "sample"];
  const pool = medicinePool(random, options.scale === "real");
  const viiia = new PartViiia(context, pool, size.viiia);
  const viiib = new PartViiib(context);
  const viiid = new PartViiid(context, pool);
  const ix = new PartIx(context, size.appliances);
  const lists = new Lists(context);
  const northernIreland = new NorthernIreland(context);
  const concessions = new Concessions(context);

  const start = addMonths(options.to, -(options.months - 1));
  for (let index = 0; index < options.months; index++) {
    const month = sampleMonth(start, index, options.months);
    if (index > 0) {
      viiia.nextMonth(month);
      viiib.nextMonth(month);
      viiid.nextMonth(month);
      ix.nextMonth(month);
      lists.nextMonth(month);
    }
    const sorted = viiia.sorted();
    const ixRows = ix.rows();
    viiia.write(month, sorted);
    viiib.write(month);
    viiid.write(month);
    ix.write(month, ixRows);
    northernIreland.writePartI(month, sorted);
    northernIreland.writePartsIIAndIII(month, ixRows);
    lists.write(month, sorted);
    concessions.nextMonth(month, viiia.lines);
  }
  concessions.write(options.to);
  writeDmd(context, options.to, viiia.lines);
  return folder.files;
}
