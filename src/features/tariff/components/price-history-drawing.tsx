"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { ChartTooltip, type ChartKeyItem } from "@/components/charts/chart-figure";
import { formatPounds } from "@/lib/tariff-vocabulary";

export type SeriesKey = "englandPence" | "northernIrelandPence" | "concessionPence";

export type PriceHistoryDrawingProps = {
  /** A month each, its prices in pounds (null: not listed that month). */
  data: ({ label: string } & Partial<Record<SeriesKey, number | null>>)[];
  series: (ChartKeyItem & { key: SeriesKey })[];
};

/** The drawing of the product page's price history (recharts), loaded when it scrolls into view. */
export default function PriceHistoryDrawing({ data, series }: PriceHistoryDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 300 }}>
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#374151" }} minTickGap={16} />
        <YAxis tick={{ fontSize: 12, fill: "#374151" }} tickFormatter={formatPounds} width={64} />
        <Tooltip content={<ChartTooltip format={formatPounds} />} />
        {series.map((line) => (
          <Line
            key={line.key}
            type="stepAfter"
            dataKey={line.key}
            name={line.name}
            stroke={line.color}
            strokeWidth={line.width}
            strokeDasharray={line.dash}
            dot={line.key === "concessionPence" ? { r: 3 } : false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
