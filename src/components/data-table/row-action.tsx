"use client";

import { createContext, type ReactNode } from "react";

import type { DataRow } from "./format";

/** A control at the end of each row (e.g. "Remove"); not sortable and not in the CSV. */
export type RowAction = { header: string; render: (row: DataRow) => ReactNode };

/**
 * A row action for the tables inside, given by a component around a page's table rather than by
 * the table's own props: how a feature (watchlists) adds a control to another's list (ADR 131).
 */
export const RowActionContext = createContext<RowAction | undefined>(undefined);
