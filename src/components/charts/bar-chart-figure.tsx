"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { ChartFigure, ChartTooltip, fromZero } from "@/components/charts/chart-figure";

export type BarSeries = { key: string; name: string; color: string };
export type BarDatum = { label: string } & Record<string, string | number>;

const tick = { fontSize: 12, fill: "#374151" };
const nameWidth = 130;

const formats = {
  count: (value: number) => value.toLocaleString("en-GB"),
  percent: (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(1)}%`,
};

/**
 * A name on the axis of a ranked chart: two lines at most, cut short with "…", and the whole name
 * on hover (its title) and in the tooltip of its bar, which a tap opens.
 */
function NameTick({ x, y, payload }: { x?: number; y?: number; payload?: { value?: unknown } }) {
  const name = String(payload?.value ?? "");
  const short = name.length > 36 ? `${name.slice(0, 35)}…` : name;
  return (
    <g>
      <title>{name}</title>
      <Text x={x} y={y} width={nameWidth - 8} maxLines={2} textAnchor="end" verticalAnchor="middle" {...tick}>
        {short}
      </Text>
    </g>
  );
}

/**
 * A bar chart drawn from plain data, so server pages can pass it everything: columns of counts per
 * month, a histogram, or (`horizontal`) a ranked list of names with their bars. Bars always grow
 * from zero, so their lengths compare.
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
  const height = horizontal ? Math.max(160, data.length * 36 + 56) : 280;
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
              <XAxis type="number" tick={tick} tickFormatter={show} domain={fromZero} />
              <YAxis type="category" dataKey="label" width={nameWidth} tick={<NameTick />} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={tick} minTickGap={8} />
              <YAxis tick={tick} tickFormatter={show} allowDecimals={false} width={48} domain={fromZero} />
            </>
          )}
          {/* A ranked chart's tooltip opens over the names it completes, so on a phone it has the
              chart's whole width rather than what is right of the names. */}
          <Tooltip content={<ChartTooltip format={show} />} position={horizontal ? { x: 0 } : undefined} />
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
