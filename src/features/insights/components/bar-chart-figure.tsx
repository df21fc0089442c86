"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { ChartFigure } from "@/components/charts/chart-figure";

export type BarSeries = { key: string; name: string; color: string };
export type BarDatum = { label: string } & Record<string, string | number>;

const tick = { fontSize: 12, fill: "#374151" };

const formats = {
  count: (value: number) => value.toLocaleString("en-GB"),
  percent: (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(1)}%`,
};

/**
 * A bar chart drawn from plain data, so server pages can pass it everything: columns of counts per
 * month, a histogram, or (`horizontal`) a ranked list of names with their bars.
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
  format?: keyof typeof formats;
  horizontal?: boolean;
  stacked?: boolean;
}) {
  const show = formats[format];
  const height = horizontal ? Math.max(160, data.length * 30 + 56) : 280;
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
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        <BarChart
          data={data}
          layout={horizontal ? "vertical" : "horizontal"}
          accessibilityLayer={false}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          {horizontal ? (
            <>
              <XAxis type="number" tick={tick} tickFormatter={show} />
              <YAxis
                type="category"
                dataKey="label"
                tick={tick}
                width={130}
                tickFormatter={(value: string) => (value.length > 20 ? `${value.slice(0, 19)}…` : value)}
              />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={tick} minTickGap={8} />
              <YAxis tick={tick} tickFormatter={show} allowDecimals={false} width={48} />
            </>
          )}
          <Tooltip formatter={(value) => show(Number(value))} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((line) => (
            <Bar
              key={line.key}
              dataKey={line.key}
              name={line.name}
              fill={line.color}
              maxBarSize={horizontal ? 24 : 48}
              stackId={stacked ? "stack" : undefined}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
