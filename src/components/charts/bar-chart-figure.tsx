import {
  barChartHeight,
  barFormats,
  type BarDatum,
  type BarFormat,
  type BarSeries,
} from "./bar-chart-formats";
import { ChartFigure } from "./chart-figure";
import { LazyBarChart } from "./lazy-bar-chart";

export type { BarDatum, BarSeries } from "./bar-chart-formats";

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
  data,
  series,
  format = "count",
  horizontal = false,
  stacked = false,
  groupHeader = "Month",
}: {
  title: string;
  /** The data table's first column: what each bar group is. */
  groupHeader?: string;
  /** What the chart shows, in words: the image's accessible name. */
  label: string;
  data: BarDatum[];
  series: BarSeries[];
  format?: BarFormat;
  horizontal?: boolean;
  stacked?: boolean;
}) {
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
      <LazyBarChart
        data={data}
        series={series}
        format={format}
        horizontal={horizontal}
        stacked={stacked}
        height={height}
      />
    </ChartFigure>
  );
}
