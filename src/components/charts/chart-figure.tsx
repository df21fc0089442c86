import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

export type ChartTable = { headers: string[]; rows: string[][] };

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
  className,
  children,
}: {
  title: string;
  label: string;
  table: ChartTable;
  height?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure className={cn("grid min-w-0 gap-3", className)}>
      <figcaption className="font-semibold">{title}</figcaption>
      <div role="img" aria-label={label} className="w-full min-w-0" style={{ height }} data-chart>
        {children}
      </div>
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
