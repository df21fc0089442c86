"use client";

import { useContext, useRef, type ReactNode } from "react";

import { DataTableHead, DataTableRow, NoRows, Spacer, type RowDrawing } from "./data-table-rows";
import { DataTableToolbar } from "./data-table-toolbar";
import type { DataColumn, DataRow, MadeValues } from "./format";
import { RowActionContext, type RowAction } from "./row-action";
import { useSortedTable, useVirtualRows } from "./use-data-table";

/**
 * The one table every list page uses: sortable columns, virtual scrolling so a
 * 66,000-row month stays smooth, and a CSV of exactly the rows shown, in the order shown.
 * While `loading`, the frame and headers show with a status in place of the rows (ADR 013).
 */
export function DataTable({
  columns,
  rows,
  caption,
  fileName,
  emptyMessage = "No rows to show.",
  loading = false,
  linkFrom,
  rowAction: ownRowAction,
  renderCell,
  madeValues,
}: {
  columns: DataColumn[];
  rows: DataRow[];
  caption: string;
  fileName: string;
  /** Shown in the table when there are no rows: a sentence, or a message with an action. */
  emptyMessage?: ReactNode;
  loading?: boolean;
  /** The address of the page the table is on, with its query: row links carry it (`linkWithFrom`). */
  linkFrom?: string;
  /** A control at the end of each row; without one, any `RowActionContext` around the table gives it. */
  rowAction?: RowAction;
  /** Cells drawn rather than written (e.g. a sparkline), by column id; the CSV writes the row's value, or leaves a `drawn` column out. */
  renderCell?: Record<string, (row: DataRow) => ReactNode>;
  /**
   * Row values the browser makes from the row's others, by the key a column's `hrefKey` or
   * `hintKey` names: links and explanations a big list's answer need not carry (ADR 149). Only
   * the rows in view are asked.
   */
  madeValues?: MadeValues;
}) {
  const aroundRowAction = useContext(RowActionContext);
  const rowAction = ownRowAction ?? aroundRowAction;
  const nameId = (columns.find((column) => column.priority === "name") ?? columns[0])?.id;
  const { table, shown, sort } = useSortedTable(columns, rows);
  const scroller = useRef<HTMLDivElement>(null);
  const { items, padTop, padBottom, measureElement } = useVirtualRows(shown.length, scroller);
  const drawing: RowDrawing = { columns, nameId, linkFrom, rowAction, renderCell, madeValues };
  const width = columns.length + (rowAction ? 1 : 0);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <DataTableToolbar columns={columns} shown={shown} fileName={fileName} loading={loading} sort={sort} />
      {/* `relative`: the cells' visually hidden hints are positioned, and must be clipped here, not widen the page. */}
      <div
        ref={scroller}
        className="relative max-h-[70vh] min-w-0 overflow-auto rounded-lg border"
        tabIndex={0}
        role="region"
        aria-label={caption}
        aria-busy={loading}
      >
        <table role="table" className="w-full text-sm max-sm:block" aria-rowcount={shown.length + 1}>
          <caption className="sr-only">{caption}</caption>
          {/* On a phone the headers are for assistive technology only: each card labels its cells. */}
          <DataTableHead groups={table.getHeaderGroups()} nameId={nameId} rowAction={rowAction} />
          <tbody role="rowgroup" className="max-sm:block">
            {padTop > 0 && <Spacer height={padTop} columns={width} />}
            {items.map((item) => {
              const row = shown[item.index]!;
              return (
                <DataTableRow
                  key={row.id}
                  row={row.original}
                  index={item.index}
                  measure={measureElement}
                  drawing={drawing}
                />
              );
            })}
            {padBottom > 0 && <Spacer height={padBottom} columns={width} />}
            {shown.length === 0 && <NoRows columns={width} loading={loading} message={emptyMessage} />}
          </tbody>
        </table>
      </div>
    </div>
  );
}
