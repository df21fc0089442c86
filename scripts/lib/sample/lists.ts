import { ourHeaders } from "@/features/imports/layout-writers";

import { blacklistCategories, borderlineConditions, brandName, brandSuppliers } from "./catalogue";
import type { SampleContext, SampleMonth } from "./context";
import { niTitle, writeOurCsv } from "./northern-ireland";
import type { Line } from "./part-viiia";

type Listed = { medicine: string; supplier: string; category: string; code: string };
type Borderline = {
  product: string;
  packSize: number;
  unit: string;
  ampp: string;
  supplier: string;
  price: number;
  conditions: string;
};

/**
 * The lists, which change rarely and are written each quarter: Part XVIIIA (the blacklist),
 * Northern Ireland's Part XI (its blacklist), Part X (borderline substances) and Zero Discount List.
 */
export class Lists {
  private blacklist: Listed[];
  private partXi: Listed[];
  private readonly borderline: Borderline[];

  constructor(private readonly context: SampleContext) {
    const { random, codes } = context;
    this.blacklist = this.listed(70);
    this.partXi = this.listed(50);
    this.borderline = Array.from({ length: 40 }, () => ({
      product: `${brandName(random)} ${random.pick(["liquid", "powder", "pudding", "compact drink"])}`,
      packSize: random.pick([125, 200, 400, 500]),
      unit: random.pick(["ml", "gram"]),
      ampp: codes.snomed(),
      supplier: random.pick(brandSuppliers),
      price: random.int(150, 4_500),
      conditions: random.pick(borderlineConditions),
    }));
  }

  private listed(count: number): Listed[] {
    const { random, codes } = this.context;
    return Array.from({ length: count }, () => ({
      medicine: `${brandName(random)} ${random.pick(["tablets", "capsules", "oral solution", "cream", "lozenges", "linctus"])}`,
      supplier: random.pick(brandSuppliers),
      category: random.pick(blacklistCategories),
      code: codes.snomed(),
    }));
  }

  nextMonth(month: SampleMonth) {
    if (!month.quarterStart) return;
    const { random } = this.context;
    this.blacklist = [...this.blacklist.slice(random.int(0, 2)), ...this.listed(random.int(0, 2))];
    this.partXi = [...this.partXi.slice(random.int(0, 1)), ...this.listed(random.int(0, 1))];
  }

  /** The lists, at a quarter's start and in the first month; the Zero Discount List from Part VIIIA's lines. */
  write(month: SampleMonth, sorted: Line[]) {
    if (!month.quarterly) return;
    const { random, write } = this.context;
    const { period, long } = month;
    const listRows = (items: Listed[]) =>
      [...items]
        .sort((a, b) => a.medicine.localeCompare(b.medicine))
        .map((item) => [item.medicine, item.supplier, item.category, item.code, ""]);
    writeOurCsv(write, period, `Part XVIIIA ${long}.csv`, {
      title: `Part XVIIIA ${long}`,
      header: ourHeaders.blacklist,
      rows: listRows(this.blacklist),
    });
    writeOurCsv(write, period, `NI Drug Tariff Part XI ${long}.csv`, {
      title: niTitle(month, "Part XI"),
      header: ourHeaders.blacklist,
      rows: listRows(this.partXi),
    });
    writeOurCsv(write, period, `NI Drug Tariff Part X ${long}.csv`, {
      title: niTitle(month, "Part X"),
      header: ourHeaders.borderline,
      rows: this.borderline.map((item) => [
        item.product,
        item.packSize,
        item.unit,
        item.ampp,
        item.supplier,
        item.price,
        item.conditions,
      ]),
    });
    writeOurCsv(write, period, `NI Zero Discount List ${long}.csv`, {
      title: niTitle(month, "Zero Discount List"),
      header: ourHeaders.zeroDiscount,
      rows: sorted
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
    });
  }
}
