"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { ChartFigure } from "@/components/charts/chart-figure";
import { formatPence } from "@/components/data-table/format";

import { shortMonthLabel } from "../period-labels";
import type { PricePoint } from "../product-queries";

type SeriesKey = "englandPence" | "northernIrelandPence" | "concessionPence";

const allSeries: { key: SeriesKey; name: string; color: string; dash?: string }[] = [
  { key: "englandPence", name: "Tariff price, England & Wales", color: "#1d4ed8" },
  { key: "northernIrelandPence", name: "Tariff price, Northern Ireland", color: "#047857", dash: "6 3" },
  { key: "concessionPence", name: "Concession price", color: "#b45309" },
];

const money = (pence: number | null) => (pence === null ? "—" : formatPence(pence));

/** What the chart shows, in words, for the image's label. */
function summarise(points: PricePoint[], series: typeof allSeries, name: string): string {
  if (points.length === 0) return `No prices of ${name} have been imported.`;
  const range = `${shortMonthLabel(points[0]!.period)} to ${shortMonthLabel(points[points.length - 1]!.period)}`;
  const parts = series.map((line) => {
    const values = points.map((point) => point[line.key]).filter((value): value is number => value !== null);
    if (line.key === "concessionPence") return `concessions in ${values.length} of ${points.length} months`;
    const first = values[0];
    const last = values[values.length - 1];
    return `${line.name} from ${money(first ?? null)} to ${money(last ?? null)}`;
  });
  return `Line chart of the price of ${name}, ${range}: ${parts.join("; ")}.`;
}

/**
 * The price of a pack in every imported month, with concession prices as a second line. A month
 * the pack was not listed is a gap, not a zero.
 */
export function PriceHistoryChart({ points, name }: { points: PricePoint[]; name: string }) {
  const series = allSeries.filter(
    (line) => line.key === "englandPence" || points.some((point) => point[line.key] !== null),
  );
  const data = points.map((point) => ({
    ...point,
    label: shortMonthLabel(point.period),
    ...Object.fromEntries(
      series.map((line) => [line.key, point[line.key] === null ? null : point[line.key]! / 100]),
    ),
  }));
  return (
    <ChartFigure
      title="Monthly price, with concessions"
      label={summarise(points, series, name)}
      table={{
        headers: ["Month", ...series.map((line) => line.name)],
        rows: points.map((point) => [
          shortMonthLabel(point.period),
          ...series.map((line) => money(point[line.key])),
        ]),
      }}
      height={300}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 300 }}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#374151" }} minTickGap={16} />
          <YAxis
            tick={{ fontSize: 12, fill: "#374151" }}
            tickFormatter={(value: number) => `£${value.toFixed(2)}`}
            width={64}
          />
          <Tooltip
            formatter={(value) => (typeof value === "number" ? `£${value.toFixed(2)}` : String(value))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((line) => (
            <Line
              key={line.key}
              type="stepAfter"
              dataKey={line.key}
              name={line.name}
              stroke={line.color}
              strokeWidth={2}
              strokeDasharray={line.dash}
              dot={line.key === "concessionPence" ? { r: 3 } : false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
