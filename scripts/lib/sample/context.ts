import fs from "node:fs";
import path from "node:path";

import { addMonths, monthNames, splitPeriod, type Period } from "@/lib/tariff-vocabulary";

import type { Random } from "./random";

export type SampleFile = { file: string; period: Period };
export type WriteFile = (period: Period, name: string, content: Buffer | string) => void;

/** What each part's generator draws from and writes to: one random stream, one code series, one folder. */
export type SampleContext = { random: Random; codes: Codes; write: WriteFile };

/** SNOMED-shaped codes, each new one above the last, and one VMP code per medicine. */
export class Codes {
  private next: number;
  private readonly vmps = new Map<string, string>();

  constructor(private readonly random: Random) {
    this.next = random.int(3_000_000, 4_000_000);
  }

  /** A SNOMED-shaped code in the UK extension's namespace (…1000001 + partition and check digit). */
  snomed(): string {
    this.next += this.random.int(1, 40);
    return `${this.next}1000001${this.random.int(100, 109)}`;
  }

  /** The medicine's VMP code, the same for each of its packs. */
  vmp(medicine: string): string {
    if (!this.vmps.has(medicine)) this.vmps.set(medicine, this.snomed());
    return this.vmps.get(medicine)!;
  }
}

/** Empties `folder` and returns a writer into it, and the list of what it wrote, in order. */
export function openSampleFolder(folder: string): { files: SampleFile[]; write: WriteFile } {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const files: SampleFile[] = [];
  const write: WriteFile = (period, name, content) => {
    const file = path.join(folder, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    files.push({ file, period });
  };
  return { files, write };
}

/** One month of the sample, and the words the publishers' files name it by. */
export type SampleMonth = {
  period: Period;
  /** 0 for the first month written, `count - 1` for the last. */
  index: number;
  count: number;
  month: number;
  year: number;
  /** January, April, July or October: Categories A and M reprice, the lists may change. */
  quarterStart: boolean;
  /** Whether the files published each quarter are written: at a quarter's start, and in the first month. */
  quarterly: boolean;
  /** `June` */
  name: string;
  /** `Jun 26` */
  short: string;
  /** `June 2026` */
  long: string;
};

export const shortYear = (period: Period) => String(splitPeriod(period).year).slice(2);

export function sampleMonth(start: Period, index: number, count: number): SampleMonth {
  const period = addMonths(start, index);
  const { year, month } = splitPeriod(period);
  const name = monthNames[month - 1]!;
  const quarterStart = [1, 4, 7, 10].includes(month);
  return {
    period,
    index,
    count,
    month,
    year,
    quarterStart,
    quarterly: quarterStart || index === 0,
    name,
    short: `${name.slice(0, 3)} ${shortYear(period)}`,
    long: `${name} ${year}`,
  };
}
