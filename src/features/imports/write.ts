import { and, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";

import type { Transaction } from "@/db/client";
import type { DatasetTable } from "@/db/schema";
import type { ComputedColumns } from "@/lib/part-tables";
import { periodToDate, type Edition, type PartId, type Period } from "@/lib/tariff-vocabulary";

import type { Line } from "./types";

/** The rows of `table` (datasets or import records) for one edition and part, in a stored period or several. */
export function ofDataset(
  table: { edition: AnyColumn; part: AnyColumn; period: AnyColumn },
  edition: Edition,
  part: PartId,
  periods: string | string[],
): SQL {
  const period = Array.isArray(periods) ? inArray(table.period, periods) : eq(table.period, periods);
  return and(eq(table.edition, edition), eq(table.part, part), period)!;
}

/** Rows per INSERT: each column travels as one array parameter, so this bounds message size, not parameters. */
const batchSize = 5_000;

/** Deletes one (edition, period) of a table: the first half of replacing it. */
export async function deleteDataset(tx: Transaction, table: DatasetTable, edition: Edition, period: Period) {
  await tx.delete(table).where(and(eq(table.edition, edition), eq(table.period, periodToDate(period))));
}

/**
 * Inserts rows with one `INSERT … SELECT FROM unnest(array, array, …)` per batch: one parameter per
 * column, so 66,000 Part IX rows take a dozen statements rather than a million parameters. Computed
 * columns are expressions over the row, aliased `x`.
 */
export async function insertDataset(
  tx: Transaction,
  table: DatasetTable,
  edition: Edition,
  period: Period,
  rows: Line[],
  computed?: ComputedColumns,
): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key, column]) => !["id", "edition", "period"].includes(key) && !computed?.columns.includes(column.name),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const extraNames = (computed?.columns ?? []).map((name) => sql`, ${sql.identifier(name)}`);
  const extraValues = (computed?.values ?? []).map((value) => sql`, ${value}`);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize) as Record<string, unknown>[];
    const arrays = columns.map(
      ([key, column]) =>
        sql`${sql.param(batch.map((row) => row[key] ?? null))}::${sql.raw(column.getSQLType())}[]`,
    );
    await tx.execute(sql`
      insert into ${table} (edition, period, ${names}${sql.join(extraNames, sql``)})
      select x.*${sql.join(extraValues, sql``)}
      from (
        select ${edition}::smallint as edition, ${periodToDate(period)}::date as period, u.*
        from unnest(${sql.join(arrays, sql`, `)}) as u(${names})
      ) x ${computed?.lateral ?? sql``}`);
  }
}
