"use client";

import type { Row } from "@tanstack/react-table";
import { Download } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";

import { tableCsv } from "./csv";
import type { DataColumn, DataRow } from "./format";
import type { TableSort } from "./use-data-table";

/** How a sort reads for a column's kind, for the phone's "Sort by" choice. */
const sortWords: Record<string, [string, string]> = {
  pence: ["low to high", "high to low"],
  number: ["low to high", "high to low"],
  percent: ["low to high", "high to low"],
  date: ["oldest first", "newest first"],
};

/** Saves the rows shown, in the order shown, as a CSV file named `fileName`. */
function download(columns: DataColumn[], rows: DataRow[], fileName: string) {
  const csv = tableCsv(columns, rows);
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Above the table: how many rows it holds, the phone's "Sort by" choice and the CSV export. */
export function DataTableToolbar({
  columns,
  shown,
  fileName,
  loading,
  sort,
}: {
  columns: DataColumn[];
  /** The rows shown, in the order shown. */
  shown: Row<DataRow>[];
  fileName: string;
  loading: boolean;
  sort: TableSort;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {loading
          ? "Loading rows…"
          : `${shown.length.toLocaleString("en-GB")} ${shown.length === 1 ? "row" : "rows"}`}
      </p>
      <PhoneSort columns={columns} sort={sort} />
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          download(
            columns,
            shown.map((row) => row.original),
            fileName,
          )
        }
        disabled={shown.length === 0}
      >
        <Download aria-hidden="true" />
        Export CSV
      </Button>
    </div>
  );
}

/** A phone has no column headers to press: the order is chosen here. */
function PhoneSort({
  columns,
  sort: { sorting, onSortingChange },
}: {
  columns: DataColumn[];
  sort: TableSort;
}) {
  const sortId = useId();
  const [sortedBy] = sorting;
  const sortable = columns.filter((column) => column.priority !== "detail" && !column.drawn);
  return (
    <div className="order-last flex w-full items-center gap-2 text-sm sm:hidden">
      <label htmlFor={sortId}>Sort by</label>
      <select
        id={sortId}
        value={sortedBy ? `${sortedBy.id}:${sortedBy.desc ? "desc" : "asc"}` : ""}
        onChange={(event) => {
          const [id, direction] = event.target.value.split(":");
          onSortingChange(id ? [{ id, desc: direction === "desc" }] : []);
        }}
        className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <option value="">List order</option>
        {sortable.flatMap((column) => {
          const [up, down] = sortWords[column.kind ?? ""] ?? ["A to Z", "Z to A"];
          return [
            <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
              {column.header}, {up}
            </option>,
            <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
              {column.header}, {down}
            </option>,
          ];
        })}
      </select>
    </div>
  );
}
