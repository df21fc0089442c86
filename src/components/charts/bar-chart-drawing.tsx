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

import { ChartTooltip, fromZero } from "./chart-figure";
import { barFormats, type BarDatum, type BarFormat, type BarSeries } from "./bar-chart-formats";

const tick = { fontSize: 12, fill: "#374151" };
const nameWidth = 130;

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

export type BarDrawingProps = {
  data: BarDatum[];
  series: BarSeries[];
  format: BarFormat;
  horizontal: boolean;
  /** The series' bars on top of one another, rather than side by side. */
  stacked?: boolean;
  height: number;
};

/** The drawing of a `BarChartFigure` (recharts): loaded only when the figure scrolls into view. */
export default function BarChartDrawing({
  data,
  series,
  format,
  horizontal,
  stacked,
  height,
}: BarDrawingProps) {
  const show = barFormats[format];
  return (
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
  );
}
