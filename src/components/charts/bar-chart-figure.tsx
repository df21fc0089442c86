import type { ComponentProps } from "react";

import { barChartHeight, barFormats, type BarFormat } from "./bar-chart-formats";
import { ChartFigure } from "./chart-figure";
import { LazyBarChart } from "./lazy-bar-chart";

export type { BarDatum, BarSeries } from "./bar-chart-formats";

type DrawingProps = ComponentProps<typeof LazyBarChart>;

/**
 * What the figure passes on to its drawing as given; it works out the height itself, and a chart
 * is of counts, with upright bars, unless it says otherwise.
 */
type BarChartProps = Omit<DrawingProps, "height" | "format" | "horizontal"> & {
  format?: BarFormat;
  horizontal?: boolean;
};

/**
 * A bar chart drawn from plain data, so server pages can pass it everything: columns of counts per
 * month, a histogram, or (`horizontal`) a ranked list of names with their bars. Bars always grow
 * from zero, so their lengths compare. The title, the spoken summary and the data table are in the
 * page's HTML; the drawing loads when the chart scrolls into view (ADR 140: a chart below the fold
 * must not cost the first paint).
 */
export function BarChartFigure({
  title,
  label,
  groupHeader = "Month",
  format = "count",
  horizontal = false,
  ...chart
}: BarChartProps & {
  title: string;
  /** The data table's first column: what each bar group is. */
  groupHeader?: string;
  /** What the chart shows, in words: the image's accessible name. */
  label: string;
}) {
  const { data, series } = chart;
  const show = barFormats[format];
  const height = barChartHeight(data.length, horizontal);
  return (
    <ChartFigure
      title={title}
      label={label}
      height={height}
      table={{
        headers: [groupHeader, ...series.map((line) => line.name)],
        rows: data.map((datum) => [datum.label, ...series.map((line) => show(Number(datum[line.key] ?? 0)))]),
      }}
    >
      <LazyBarChart {...chart} format={format} horizontal={horizontal} height={height} />
    </ChartFigure>
  );
}
