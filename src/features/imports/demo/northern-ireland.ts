import fs from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";

import type { Database } from "@/db/client";
import { monthLabel } from "@/lib/tariff-vocabulary";

import { headers, ourHeaders, plainCsv, type Cell } from "../layout-writers";

/**
 * The demo's Northern Ireland edition, which is not openly published as files: written from the
 * England & Wales rows already loaded, by the rules the sample generator follows (ADR 210), in our
 * Northern Ireland CSV formats (docs/data-formats.md), for the importer to load like any other file.
 * Part I mirrors Part VIIIA without Category H (its lines are Category C in Northern Ireland), about
 * six in seven of the lines, each pack at its own steady price within −5% … +8% of England's, for the
 * newest three months; Parts II & III list about one in eight of Part IX's appliances at England's
 * prices, the parts renamed (IXA → IIId, IXB → IIIc, IXC → IIIb, IXR → II), for every Part IX month.
 * Deterministic: the same rows give the same files.
 */

/** A stable number for a code or name (FNV-1a), which picks a line and its price the same way every month. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const niParts: Record<string, string> = { IXA: "IIId", IXB: "IIIc", IXC: "IIIb", IXR: "II" };

type PartIRow = {
  id: string;
  period: string;
  medicine: string;
  pack_size: string;
  unit_of_measure: string | null;
  vmp_snomed_code: string | null;
  vmpp_snomed_code: string | null;
  category: string;
  basic_price_pence: number;
};

type PartIxRow = {
  id: string;
  period: string;
  part: string;
  supplier_name: string | null;
  vmp_name: string | null;
  amp_name: string | null;
  colour: string | null;
  size_or_weight: string | null;
  quantity: string | null;
  quantity_unit_of_measure: string | null;
  product_order_number: string | null;
  pack_order_number: string | null;
  price_pence: number;
  add_dispensing_indicator: string | null;
  product_snomed_code: string | null;
  pack_snomed_code: string | null;
  gtin: string | null;
  supplier_snomed_code: string | null;
  bnf_code: string | null;
};

const amount = (value: string | null) => (value === null ? null : Number(value));

/** A table's England & Wales rows, a page at a time (one large answer from the embedded server is slow). */
async function readAll<T extends { id: string }>(
  db: Database,
  query: (after: string) => ReturnType<typeof sql>,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = (await db.execute(query(rows.at(-1)?.id ?? "0"))).rows as T[];
    rows.push(...page);
    if (page.length < pageSize) return rows;
  }
}

const pageSize = 5_000;

/** Part I is written for the newest three months: enough to open on and to compare, in a first start's time. */
const niMonths = 3;

/** Rows by month, oldest first. */
function byPeriod<T extends { period: string }>(rows: T[]): [string, T[]][] {
  const months = new Map<string, T[]>();
  for (const row of rows) {
    const month = months.get(row.period);
    if (month) month.push(row);
    else months.set(row.period, [row]);
  }
  return [...months].sort(([a], [b]) => a.localeCompare(b));
}

/** Writes Part I and Parts II & III for every England & Wales month loaded; returns the files, oldest month first. */
export async function writeNorthernIrelandFiles(db: Database, folder: string): Promise<string[]> {
  fs.mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  const write = (name: string, title: string, header: string[], rows: Cell[][]) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, plainCsv({ title, header, rows }));
    files.push(file);
  };

  const partI = await readAll<PartIRow>(
    db,
    (after) => sql`
      select id, period::text, medicine, pack_size::text, unit_of_measure, vmp_snomed_code, vmpp_snomed_code,
        category, basic_price_pence
      from part_viiia_prices where edition = 1 and id > ${after} order by id limit ${pageSize}`,
  );
  for (const [period, rows] of byPeriod(partI).slice(-niMonths)) {
    const long = monthLabel(period);
    const lines = rows.flatMap((row) => {
      const key = hash(row.vmpp_snomed_code ?? `${row.medicine}|${row.pack_size}`);
      if (key % 7 === 0) return [];
      const factor = 0.95 + ((key >>> 8) % 1000) / 1000 / 7.7;
      return [
        [
          row.medicine,
          amount(row.pack_size),
          row.unit_of_measure,
          row.vmp_snomed_code,
          row.vmpp_snomed_code,
          `Part I Category ${row.category === "H" ? "C" : row.category}`,
          Math.max(1, Math.round(row.basic_price_pence * factor)),
        ],
      ];
    });
    write(
      `NI Drug Tariff Part I ${long}.csv`,
      `${long} Northern Ireland Drug Tariff Part I`,
      ourHeaders.niPartI,
      lines,
    );
  }

  const partIx = await readAll<PartIxRow>(
    db,
    (after) => sql`
      select id, period::text, part, supplier_name, vmp_name, amp_name, colour, size_or_weight, quantity::text,
        quantity_unit_of_measure, product_order_number, pack_order_number, price_pence, add_dispensing_indicator,
        product_snomed_code, pack_snomed_code, gtin, supplier_snomed_code, bnf_code
      from part_ix_prices where edition = 1 and id > ${after} order by id limit ${pageSize}`,
  );
  for (const [period, rows] of byPeriod(partIx)) {
    const long = monthLabel(period);
    const lines = rows
      .filter((row) => hash(row.pack_snomed_code ?? `${row.amp_name}|${row.vmp_name}`) % 8 === 0)
      .map((row) => [
        niParts[row.part] ?? "III",
        row.supplier_name,
        row.vmp_name,
        row.amp_name,
        row.colour,
        row.size_or_weight,
        amount(row.quantity),
        row.quantity_unit_of_measure,
        row.product_order_number,
        row.pack_order_number,
        row.price_pence,
        row.add_dispensing_indicator,
        row.product_snomed_code,
        row.pack_snomed_code,
        row.gtin,
        row.supplier_snomed_code,
        row.bnf_code,
      ]);
    write(
      `NI Drug Tariff Part II & III ${long}.csv`,
      `${long} Northern Ireland Drug Tariff Part II & III`,
      headers.ix,
      lines,
    );
  }
  return files;
}
