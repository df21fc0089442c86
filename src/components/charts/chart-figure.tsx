import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

export type ChartTable = { headers: string[]; rows: string[][] };

/** A value axis that always includes zero, so bars grow from it and their lengths compare. */
export const fromZero: [(dataMin: number) => number, (dataMax: number) => number] = [
  (dataMin) => Math.min(0, dataMin),
  (dataMax) => Math.max(0, dataMax),
];

/** One line of a chart's key, drawn as the line itself is drawn. */
export type ChartKeyItem = { name: string; color: string; width?: number; dash?: string };

type TooltipItem = { name?: unknown; value?: unknown; color?: string };

/**
 * The tooltip recharts shows on hover and on tap: the point's whole name, wrapped to fit a phone,
 * and each series' value (a dash where it has none).
 */
export function ChartTooltip({
  active,
  payload,
  label,
  format,
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: unknown;
  format: (value: number) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div
      className="max-w-[min(18rem,calc(100vw-3rem))] rounded-md border bg-background p-2 text-sm shadow-md"
      data-chart-tooltip
    >
      <p className="font-medium break-words whitespace-normal">{String(label ?? "")}</p>
      <ul className="mt-1 space-y-0.5">
        {payload.map((item) => (
          <li key={String(item.name)} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-sm"
              style={{ background: item.color }}
            />
            {String(item.name)}: {typeof item.value === "number" ? format(item.value) : "—"}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A chart that every reader can use: the drawing is one image with a spoken summary (`label`), and
 * the same points are a table behind a disclosure, reachable by keyboard and read by screen readers.
 * The chart inside must not be focusable (recharts' `accessibilityLayer` off): an image has no parts.
 */
export function ChartFigure({
  title,
  label,
  table,
  height = 280,
  chartKey,
  note,
  className,
  children,
}: {
  title: string;
  label: string;
  table: ChartTable;
  height?: number;
  /** Lines told apart by their style as well as their colour, shown under the chart. */
  chartKey?: ChartKeyItem[];
  /** A sentence under the chart that the drawing alone would leave unsaid. */
  note?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure className={cn("grid min-w-0 gap-3", className)}>
      <figcaption className="font-semibold">{title}</figcaption>
      <div role="img" aria-label={label} className="w-full min-w-0" style={{ height }} data-chart>
        {children}
      </div>
      {chartKey && (
        <ul aria-label="Key" className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {chartKey.map((item) => (
            <li key={item.name} className="flex items-center gap-2">
              <svg aria-hidden="true" width="32" height="10" className="shrink-0">
                <line
                  x1="0"
                  y1="5"
                  x2="32"
                  y2="5"
                  stroke={item.color}
                  strokeWidth={item.width ?? 2}
                  strokeDasharray={item.dash}
                  data-key-line
                />
              </svg>
              {item.name}
            </li>
          ))}
        </ul>
      )}
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          Show the data as a table
        </summary>
        <div
          className="mt-2 max-h-80 overflow-auto rounded-md border"
          tabIndex={0}
          role="region"
          aria-label={`${title}: data`}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                {table.headers.map((header, index) => (
                  <th
                    key={header}
                    scope="col"
                    className={cn("px-3 py-2 font-medium", index === 0 ? "text-left" : "text-right")}
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={`${rowIndex}-${row[0]}`} className="border-t" data-chart-point>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="px-3 py-1.5 text-left font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="px-3 py-1.5 text-right tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
