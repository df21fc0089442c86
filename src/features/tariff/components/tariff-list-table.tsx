"use client";

import { useMemo, type ComponentProps } from "react";

import { ListTable } from "@/components/data-table/list-table";

import { listMadeValues, type ListId } from "../lists";

/** A list's table, making each row's links and explanations in the browser (ADR 149). */
export function TariffListTable({
  list,
  period,
  ...table
}: Omit<ComponentProps<typeof ListTable>, "madeValues"> & {
  list: ListId;
  /** The period whose rows are shown: a monthly price's explanation names its month. */
  period: string;
}) {
  const madeValues = useMemo(() => listMadeValues(list, period), [list, period]);
  return <ListTable {...table} madeValues={madeValues} />;
}
